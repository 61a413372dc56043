package org.hhfr.axis.stream;

import java.beans.IntrospectionException;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.text.SimpleDateFormat;
import java.util.Calendar;
import java.util.Date;
import java.util.EnumMap;
import java.util.GregorianCalendar;
import java.util.HashMap;
import java.util.Map;
import java.util.TimeZone;

import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;

import org.apache.axis2.databinding.typemapping.SimpleTypeMapper;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.XsdType;
import org.hhfr.streamer.DateTime;
import org.hhfr.streamer.Nil;
import org.hhfr.streamer.Record;

/**
 * Converts between the streamer's values and the Java types of a POJO service's methods, the way Axis2's
 * POJO databinding maps them over SOAP: repeated elements and arrays, records and Java beans (an element per
 * bean property, by name), {@link Calendar} for xs:dateTime, nil and {@code null}. A value of a built-in type that
 * travels as another (an xs:date as its text, an xs:integer as a decimal) becomes the Java type the method takes as
 * Axis2 makes it from that text ({@link SimpleTypeMapper}), and a returned one the text Axis2 would write. Only
 * what a message can hold is converted; anything else is refused with the element's name.
 */
final class PojoValues {
    /** A class's public methods by name and parameter count ({@code "getName/0"}), the first of each. */
    private static final ClassValue<Map<String, Method>> PUBLIC_METHODS = new ClassValue<Map<String, Method>>() {
        @Override
        protected Map<String, Method> computeValue(Class<?> type) {
            Map<String, Method> methods = new HashMap<>();
            for (Method method : type.getMethods()) {
                methods.putIfAbsent(method.getName() + "/" + method.getParameterCount(), method);
            }
            return methods;
        }
    };
    /**
     * How many properties of a bean class Axis2 writes: those with a getter, as {@link Introspector} finds them
     * ({@code getClass} aside), declared by the class or by a superclass outside {@code java.*} (Axis2 neither
     * publishes nor writes those of {@code java.util.EventObject}, say), and a {@code Boolean} one with a setter,
     * which Axis2 reads by its {@code is} method though it does not publish it.
     */
    private static final ClassValue<Integer> READABLE_PROPERTIES = new ClassValue<Integer>() {
        @Override
        protected Integer computeValue(Class<?> type) {
            int count = 0;
            for (Class<?> level = type; !level.getPackageName().startsWith("java."); level = level.getSuperclass()) {
                try {
                    for (PropertyDescriptor property : Introspector.getBeanInfo(level, level.getSuperclass())
                            .getPropertyDescriptors()) {
                        count += property.getReadMethod() != null || property.getPropertyType() == Boolean.class
                                && property.getWriteMethod() != null ? 1 : 0;
                    }
                } catch (IntrospectionException e) {
                    return 0;
                }
            }
            return count;
        }
    };
    private static final Map<XsdType, Class<?>> ARRAY_ITEM = new EnumMap<>(XsdType.class);
    private static final Map<XsdType, Class<?>> NILLABLE_ARRAY_ITEM = new EnumMap<>(XsdType.class);
    /**
     * Made on first use (a lookup of the platform's implementation, too slow for every call) and shared: the JDK's
     * makes calendars without state of its own. A race makes two, one of which is kept.
     */
    private static volatile DatatypeFactory datatypeFactory;

    static {
        item(XsdType.STRING, String.class, String.class);
        item(XsdType.BOOLEAN, boolean.class, Boolean.class);
        item(XsdType.INT, int.class, Integer.class);
        item(XsdType.LONG, long.class, Long.class);
        item(XsdType.SHORT, short.class, Short.class);
        item(XsdType.BYTE, byte.class, Byte.class);
        item(XsdType.FLOAT, float.class, Float.class);
        item(XsdType.DOUBLE, double.class, Double.class);
        item(XsdType.DECIMAL, BigDecimal.class, BigDecimal.class);
        item(XsdType.DATE_TIME, DateTime.class, DateTime.class);
        item(XsdType.BASE64_BINARY, byte[].class, byte[].class);
    }

    private static void item(XsdType type, Class<?> plain, Class<?> nillable) {
        ARRAY_ITEM.put(type, plain);
        NILLABLE_ARRAY_ITEM.put(type, nillable);
    }

    private PojoValues() {
    }

    /** The argument of Java type {@code type} for a message value (absent or nil: null, or a primitive's zero). */
    static Object toJava(Object value, Class<?> type, String element) throws StreamedCallException {
        if (value == null || Nil.isNil(value)) {
            return type.isPrimitive() ? Array.get(Array.newInstance(type, 1), 0) : null;
        }
        if (value instanceof Record) {
            return bean((Record) value, type, element);
        }
        if (type.isArray() && value.getClass().isArray() && !type.isInstance(value)) {
            int length = Array.getLength(value);
            Object array = Array.newInstance(type.getComponentType(), length);
            for (int i = 0; i < length; i++) {
                setItem(array, i, toJava(Array.get(value, i), type.getComponentType(), element), element);
            }
            return array;
        }
        if (type.isInstance(value) || type.isPrimitive() && boxed(type).isInstance(value)) {
            return value;
        }
        if (value instanceof DateTime && type.isAssignableFrom(GregorianCalendar.class)) {
            return calendar((DateTime) value, element);
        }
        if (value instanceof String && type == XMLGregorianCalendar.class) {
            return xmlCalendar((String) value, element);
        }
        if (!(value instanceof DateTime) && !(value instanceof byte[]) && SimpleTypeMapper.isSimpleType(type)) {
            String text = value instanceof BigDecimal ? ((BigDecimal) value).toPlainString() : value.toString();
            Object converted = fromText(type, text, element);
            if (converted != null || text.isEmpty() && !type.isPrimitive()) {
                return converted; // Axis2 makes null of an empty element, for any type but String
            }
        }
        throw new StreamedCallException("element " + element + " holds a " + value.getClass().getSimpleName()
                + ", which the service cannot take as " + type.getSimpleName(), true, null);
    }

    /** The value of {@code type} Axis2 makes of {@code text} over SOAP ({@code null} for a type it does not know). */
    private static Object fromText(Class<?> type, String text, String element) throws StreamedCallException {
        try {
            return SimpleTypeMapper.getSimpleTypeObject(type, text);
        } catch (RuntimeException e) {
            throw unreadable(element, text, type, e);
        }
    }

    private static StreamedCallException unreadable(String element, String text, Class<?> type, Exception cause) {
        return new StreamedCallException("element " + element + " holds '" + text + "', which the service cannot"
                + " take as " + type.getSimpleName() + ": " + cause.getMessage(), true, cause);
    }

    /**
     * An xs:date (or another date or time) that travelled as its text, for a method taking an
     * {@link XMLGregorianCalendar}, which Axis2's POJO databinding publishes as xs:date and makes from the text (not
     * through {@link SimpleTypeMapper}, which does not know the type).
     */
    private static XMLGregorianCalendar xmlCalendar(String text, String element) throws StreamedCallException {
        DatatypeFactory factory = datatypeFactory;
        if (factory == null) {
            try {
                factory = DatatypeFactory.newInstance();
            } catch (DatatypeConfigurationException e) {
                throw new StreamedCallException("no XML calendar for element " + element + ": " + e.getMessage(),
                        false, e);
            }
            datatypeFactory = factory;
        }
        try {
            return factory.newXMLGregorianCalendar(text.trim());
        } catch (IllegalArgumentException e) {
            throw unreadable(element, text, XMLGregorianCalendar.class, e);
        }
    }

    private static Object bean(Record record, Class<?> type, String element) throws StreamedCallException {
        Object bean;
        try {
            Constructor<?> constructor = type.getConstructor();
            bean = constructor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new StreamedCallException("element " + element + " cannot become a " + type.getName()
                    + ": it has no public no-argument constructor", false, e);
        }
        ComplexType recordType = record.type();
        for (int i = 0; i < recordType.elements().size(); i++) {
            String name = recordType.elements().get(i).name().localName();
            Method setter = accessor(type, "set", name, 1);
            Object value = toJava(record.get(i), setter.getParameterTypes()[0], element + "/" + name);
            invoke(setter, bean, value);
        }
        return bean;
    }

    /**
     * The message value of a Java value returned for element {@code decl}.
     *
     * @param dates the zone a returned {@link Date} is written in (the service's {@code TimeZone} parameter, as
     *     Axis2 writes it over SOAP), or {@code null} for the JVM's
     */
    static Object toMessage(Object value, ElementDecl decl, TimeZone dates) throws StreamedCallException {
        if (value == null && !decl.isRepeated()) {
            return decl.nillable() ? Nil.NIL : null;
        }
        if (decl.isRepeated()) {
            Class<?> item = decl.isSimple()
                    ? (decl.nillable() ? NILLABLE_ARRAY_ITEM : ARRAY_ITEM).get(decl.simpleType().base())
                    : Record.class;
            if (value == null) {
                // Axis2 writes a null array of a nillable element as one nil element, and reads that back.
                return decl.nillable() ? Array.newInstance(item, 1) : null;
            }
            if (!value.getClass().isArray()) {
                throw new StreamedCallException("the service returned a " + value.getClass().getSimpleName()
                        + " for the repeated element " + decl.name(), false, null);
            }
            int length = Array.getLength(value);
            Object array = Array.newInstance(item, length);
            ElementDecl single = decl.withOccurrence(1, 1, decl.nillable());
            for (int i = 0; i < length; i++) {
                Object converted = toMessage(Array.get(value, i), single, dates);
                setItem(array, i, converted == Nil.NIL ? null : converted, decl.name().toString());
            }
            return array;
        }
        if (value instanceof Calendar && decl.isSimple() && decl.simpleType().base() == XsdType.DATE_TIME) {
            return dateTime((Calendar) value, decl);
        }
        return decl.isSimple() ? carried(value, decl, dates)
                : record(value, decl.complexType(), decl.name().toString(), dates);
    }

    /**
     * A returned value of a built-in type that travels as another: the text Axis2 would write for it (a
     * {@link Date} for an xs:date: its day in {@code dates}), a {@link BigInteger} as a decimal, a {@code char} (an
     * xs:unsignedShort) as the digit Axis2 writes; any other value as it is.
     */
    private static Object carried(Object value, ElementDecl decl, TimeZone dates) throws StreamedCallException {
        XsdType base = decl.simpleType().base();
        if (base == XsdType.STRING && value instanceof Date) {
            // as SimpleTypeMapper.getStringValue writes it, in the service's TimeZone parameter, which it reads from
            // the current MessageContext, and a streamed call has none
            SimpleDateFormat day = new SimpleDateFormat("yyyy-MM-dd");
            if (dates != null) {
                day.setTimeZone(dates);
            }
            return day.format((Date) value);
        }
        if (base == XsdType.STRING && !(value instanceof String) && SimpleTypeMapper.isSimpleType(value)) {
            return SimpleTypeMapper.getStringValue(value);
        }
        if (base == XsdType.INT && value instanceof Character) {
            // Axis2 writes a char as the character itself, which the client reads as a number only if it is a digit
            char c = (Character) value;
            if (c < '0' || c > '9') {
                throw new StreamedCallException("the service returned the character '" + c + "' (U+"
                        + String.format("%04X", (int) c) + ") for element " + decl.name()
                        + ", which Axis2 writes as itself, not as a number", false, null);
            }
            return c - '0';
        }
        if (base == XsdType.DECIMAL && value instanceof BigInteger) {
            return new BigDecimal((BigInteger) value);
        }
        return value;
    }

    /**
     * An xs:dateTime as the {@link Calendar} Axis2's POJO databinding gives a method, made by Axis2 from the text
     * it would read over SOAP: in the JVM's zone (GMT for a time in Z) with the time's offset as its ZONE_OFFSET,
     * to the millisecond.
     */
    private static Calendar calendar(DateTime time, String element) throws StreamedCallException {
        return (Calendar) fromText(Calendar.class, time.toString(), element);
    }

    /**
     * A returned {@link Calendar} as the xs:dateTime Axis2 writes over SOAP: its fields, to the millisecond, at
     * its ZONE_OFFSET and DST_OFFSET.
     */
    private static DateTime dateTime(Calendar calendar, ElementDecl decl) throws StreamedCallException {
        String text = SimpleTypeMapper.getStringValue(calendar);
        try {
            return DateTime.parse(text);
        } catch (IllegalArgumentException e) {
            throw new StreamedCallException("the service returned a Calendar for element " + decl.name()
                    + " that Axis2 writes as '" + text + "', which is no xs:dateTime: " + e.getMessage(), false, e);
        }
    }

    private static Record record(Object bean, ComplexType type, String element, TimeZone dates)
            throws StreamedCallException {
        if (READABLE_PROPERTIES.get(bean.getClass()) > type.elements().size()) {
            // every element has its getter (or the loop below fails), so the bean has properties the type lacks
            throw new StreamedCallException("the service returned a " + bean.getClass().getName() + " for element "
                    + element + ", with properties its type " + type.name() + " in the service's WSDL does not"
                    + " have (a subclass of the declared class, or a Boolean read by an is method, which Axis2 writes"
                    + " over SOAP beyond its WSDL); a stream carries only what the WSDL declares", false, null);
        }
        Record.Builder builder = Record.builder(type);
        for (int i = 0; i < type.elements().size(); i++) {
            ElementDecl child = type.elements().get(i);
            Method getter = accessor(bean.getClass(), "get", child.name().localName(), 0);
            Object value = toMessage(invoke(getter, bean, null), child, dates);
            try {
                builder.set(i, value);
            } catch (IllegalArgumentException e) {
                throw new StreamedCallException("the service's " + element + " does not fit its element: "
                        + e.getMessage(), false, e);
            }
        }
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new StreamedCallException("the service's " + element + " is incomplete: " + e.getMessage(), false, e);
        }
    }

    private static Method accessor(Class<?> type, String prefix, String property, int parameters)
            throws StreamedCallException {
        String name = prefix + Character.toUpperCase(property.charAt(0)) + property.substring(1);
        Map<String, Method> methods = PUBLIC_METHODS.get(type);
        Method method = methods.get(name + "/" + parameters);
        if (method == null && parameters == 0) {
            method = methods.get("is" + name.substring(3) + "/0");
        }
        if (method == null) {
            throw new StreamedCallException(type.getSimpleName() + " has no " + name + " for element " + property,
                    false, null);
        }
        return method;
    }

    private static Object invoke(Method method, Object target, Object argument) throws StreamedCallException {
        try {
            return argument == null && method.getParameterCount() == 0 ? method.invoke(target)
                    : method.invoke(target, argument);
        } catch (InvocationTargetException e) {
            String reason = String.valueOf(e.getCause().getMessage());
            throw StreamedCallException.isUnexpected(e.getCause())
                    ? StreamedCallException.serverError(reason, e.getCause())
                    : new StreamedCallException(reason, false, e.getCause());
        } catch (IllegalAccessException e) {
            throw new StreamedCallException(method + " is not accessible", false, e);
        }
    }

    private static void setItem(Object array, int index, Object value, String element) throws StreamedCallException {
        try {
            Array.set(array, index, value);
        } catch (IllegalArgumentException e) {
            throw new StreamedCallException("item " + index + " of " + element + " cannot be "
                    + (value == null ? "nil" : "a " + value.getClass().getSimpleName()), true, e);
        }
    }

    private static Class<?> boxed(Class<?> primitive) {
        return Array.get(Array.newInstance(primitive, 1), 0).getClass();
    }
}
