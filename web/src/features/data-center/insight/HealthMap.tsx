import { useEffect, useRef } from 'react';
import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { boundingExtent } from 'ol/extent';
import { fromLonLat } from 'ol/proj';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';

export interface HealthMarker {
  id: string;
  name: string;
  lon: number;
  lat: number;
  color: string;
}

/** The park's turbines on an OpenLayers map, each coloured by its health (own lazy chunk). */
export default function HealthMap({ markers }: { markers: HealthMarker[] }) {
  const target = useRef<HTMLDivElement>(null);
  const source = useRef(new VectorSource<Feature<Point>>());
  const mapRef = useRef<OlMap | null>(null);

  useEffect(() => {
    const map = new OlMap({
      target: target.current ?? undefined,
      layers: [new VectorLayer({ source: source.current })],
      view: new View({ center: fromLonLat([0, 0]), zoom: 2 }),
    });
    mapRef.current = map;
    return () => map.setTarget(undefined);
  }, []);

  useEffect(() => {
    source.current.clear();
    const features = markers.map((m) => {
      const f = new Feature({ geometry: new Point(fromLonLat([m.lon, m.lat])) });
      f.setId(m.id);
      f.setStyle(
        new Style({
          image: new CircleStyle({ radius: 9, fill: new Fill({ color: m.color }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
          text: new Text({ text: m.name, offsetY: -16, font: '600 11px sans-serif', fill: new Fill({ color: '#1f1f1f' }) }),
        }),
      );
      return f;
    });
    source.current.addFeatures(features);
    const map = mapRef.current;
    if (map && markers.length && map.getSize()?.[0]) {
      map.getView().fit(boundingExtent(markers.map((m) => fromLonLat([m.lon, m.lat]))), { padding: [40, 40, 40, 40], maxZoom: 14 });
    }
  }, [markers]);

  return <div ref={target} className="dc-health-map" data-testid="dc-health-map" />;
}
