package org.hhfr.benchmarks.session.rival;

import java.util.List;

import org.hhfr.axis.services.PointOfInterest;
import org.hhfr.benchmarks.session.rival.grpc.Poi;
import org.hhfr.benchmarks.session.rival.grpc.PoiList;

/** Points of interest between axis-service's bean and the gRPC rival's {@link Poi} message, field by field. */
final class PoiRecords {
    private PoiRecords() {
    }

    static PoiList toProto(PointOfInterest[] records) {
        PoiList.Builder list = PoiList.newBuilder();
        for (PointOfInterest poi : records) {
            list.addRecords(Poi.newBuilder().setId(poi.getId()).setName(poi.getName())
                    .setDescription(poi.getDescription()).setPoiClassId(poi.getPoiClassId())
                    .setLatitude(poi.getLatitude()).setLongitude(poi.getLongitude()).setAddress(poi.getAddress())
                    .setPhone(poi.getPhone()).setFax(poi.getFax()).setEmail(poi.getEmail()).setUrl(poi.getUrl())
                    .setAvgCost(poi.getAvgCost()).setAvgDuration(poi.getAvgDuration()).setActive(poi.getActive()));
        }
        return list.build();
    }

    static PointOfInterest[] fromProto(PoiList list) {
        List<Poi> records = list.getRecordsList();
        PointOfInterest[] beans = new PointOfInterest[records.size()];
        for (int i = 0; i < beans.length; i++) {
            Poi poi = records.get(i);
            PointOfInterest bean = new PointOfInterest();
            bean.setId(poi.getId());
            bean.setName(poi.getName());
            bean.setDescription(poi.getDescription());
            bean.setPoiClassId(poi.getPoiClassId());
            bean.setLatitude(poi.getLatitude());
            bean.setLongitude(poi.getLongitude());
            bean.setAddress(poi.getAddress());
            bean.setPhone(poi.getPhone());
            bean.setFax(poi.getFax());
            bean.setEmail(poi.getEmail());
            bean.setUrl(poi.getUrl());
            bean.setAvgCost(poi.getAvgCost());
            bean.setAvgDuration(poi.getAvgDuration());
            bean.setActive(poi.getActive());
            beans[i] = bean;
        }
        return beans;
    }
}
