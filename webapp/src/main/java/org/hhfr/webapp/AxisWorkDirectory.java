package org.hhfr.webapp;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;

/**
 * Gives Axis2 the container's work directory of this application. Axis2 2.0.0 still looks it up under the
 * pre-Jakarta attribute name {@code javax.servlet.context.tempdir}, which Servlet 6 containers no longer set;
 * without it Axis2 unpacks service archives' libraries into {@code _axis2} under the container's current
 * directory. Runs before {@code AxisServlet} is loaded.
 */
public final class AxisWorkDirectory implements ServletContextListener {
    /** The attribute name Axis2 2.0.0's {@code WarBasedAxisConfigurator} reads. */
    static final String AXIS2_TEMPDIR_ATTRIBUTE = "javax.servlet.context.tempdir";

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        Object workDirectory = context.getAttribute(ServletContext.TEMPDIR);
        if (workDirectory != null && context.getAttribute(AXIS2_TEMPDIR_ATTRIBUTE) == null) {
            context.setAttribute(AXIS2_TEMPDIR_ATTRIBUTE, workDirectory);
        }
    }
}
