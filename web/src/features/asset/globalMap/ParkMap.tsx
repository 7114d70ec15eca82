import { useEffect, useRef } from 'react';
import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import Graticule from 'ol/layer/Graticule';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { fromLonLat, transformExtent } from 'ol/proj';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import type { Park } from '../assetApi';
import { hasLocation, lonLatExtent, markerAppearance } from './markers';

export interface ParkMapProps {
  parks: readonly Park[];
  selectedId: string | null;
  onSelect: (windFarmId: string | null) => void;
  /** XYZ tile URL; empty = no base layer (plain background with a graticule). */
  tileUrl: string;
  /** False while the kept-alive page is hidden; on showing again the map re-measures itself. */
  active: boolean;
  attribution: string;
}

function markerStyle(park: Park, selected: boolean): Style {
  const a = markerAppearance(park, selected);
  return new Style({
    image: new CircleStyle({ radius: a.radius, fill: new Fill({ color: a.fill }), stroke: new Stroke({ color: a.stroke, width: 2 }) }),
    text: new Text({ text: a.label, fill: new Fill({ color: '#fff' }), font: '600 12px sans-serif' }),
    zIndex: a.zIndex,
  });
}

/**
 * The OpenLayers map of the global map page (its own lazy chunk). Created once per mount;
 * parks, selection and tiles update the existing map.
 */
export default function ParkMap({ parks, selectedId, onSelect, tileUrl, active, attribution }: ParkMapProps) {
  const target = useRef<HTMLDivElement>(null);
  const mapRef = useRef<OlMap | null>(null);
  const sourceRef = useRef(new VectorSource<Feature<Point>>());
  const baseRef = useRef<TileLayer<XYZ> | null>(null);
  const graticuleRef = useRef<Graticule | null>(null);
  const selectedRef = useRef<string | null>(selectedId);
  const onSelectRef = useRef(onSelect);
  const fitted = useRef(false);
  const parksRef = useRef(parks);
  onSelectRef.current = onSelect;
  parksRef.current = parks;

  /**
   * Fits the view to the parks as soon as the map has a size and there are parks, and again
   * when the size changes (layout settling) until the user moves the map or picks a park.
   */
  const fitOnce = (map: OlMap): void => {
    const extent = lonLatExtent(parksRef.current);
    if (fitted.current || !extent || !map.getSize()?.[0]) return;
    map.getView().fit(transformExtent(extent, 'EPSG:4326', 'EPSG:3857'), { padding: [80, 80, 80, 80], maxZoom: 7 });
  };

  useEffect(() => {
    const vector = new VectorLayer({
      source: sourceRef.current,
      style: (feature) => markerStyle(feature.get('park') as Park, feature.getId() === selectedRef.current),
      zIndex: 10,
    });
    const map = new OlMap({
      target: target.current ?? undefined,
      layers: [vector],
      view: new View({ center: fromLonLat([60, 35]), zoom: 2, minZoom: 1, maxZoom: 18 }),
    });
    map.on('singleclick', (event) => {
      const hit = map.forEachFeatureAtPixel(event.pixel, (f) => f, { hitTolerance: 4 });
      onSelectRef.current(hit ? String(hit.getId()) : null);
    });
    map.on('pointermove', (event) => {
      const el = map.getTargetElement();
      if (el) el.style.cursor = map.hasFeatureAtPixel(event.pixel, { hitTolerance: 4 }) ? 'pointer' : '';
    });
    map.on('change:size', () => fitOnce(map));
    // The user took over the view: stop fitting it to the parks.
    map.on('pointerdrag', () => {
      fitted.current = true;
    });
    map.getViewport()?.addEventListener('wheel', () => {
      fitted.current = true;
    });
    mapRef.current = map;
    return () => {
      map.setTarget(undefined);
      mapRef.current = null;
    };
  }, []);

  // Base layer: the configured tiles, or none (plain background and a graticule for orientation).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (baseRef.current) map.removeLayer(baseRef.current);
    if (graticuleRef.current) map.removeLayer(graticuleRef.current);
    baseRef.current = null;
    graticuleRef.current = null;
    if (tileUrl) {
      baseRef.current = new TileLayer({ source: new XYZ({ url: tileUrl, attributions: attribution, crossOrigin: 'anonymous' }), zIndex: 0 });
      map.addLayer(baseRef.current);
    } else {
      graticuleRef.current = new Graticule({ strokeStyle: new Stroke({ color: 'rgba(22,119,255,0.18)', width: 1 }), showLabels: false, zIndex: 1 });
      map.addLayer(graticuleRef.current);
    }
  }, [tileUrl, attribution]);

  // Markers.
  useEffect(() => {
    const source = sourceRef.current;
    source.clear();
    const features = parks.filter(hasLocation).map((park) => {
      const f = new Feature(new Point(fromLonLat([park.longitude as number, park.latitude as number])));
      f.setId(park.windFarmId);
      f.set('park', park);
      return f;
    });
    source.addFeatures(features);
    if (mapRef.current) fitOnce(mapRef.current);
  }, [parks]);

  // Selection: restyle and bring the park into view.
  useEffect(() => {
    selectedRef.current = selectedId;
    sourceRef.current.changed();
    const feature = selectedId ? sourceRef.current.getFeatureById(selectedId) : null;
    const view = mapRef.current?.getView();
    if (feature && view && mapRef.current?.getSize()?.[0]) {
      fitted.current = true;
      view.animate({ center: feature.getGeometry()!.getCoordinates(), zoom: Math.max(view.getZoom() ?? 2, 6), duration: 300 });
    }
  }, [selectedId]);

  // Shown again after being kept alive hidden: re-measure (and fit once if it never could).
  useEffect(() => {
    const map = mapRef.current;
    if (!active || !map) return;
    map.updateSize();
    fitOnce(map);
  }, [active]);

  return (
    <div
      ref={target}
      className={`park-map${tileUrl ? '' : ' park-map--plain'}`}
      data-testid="park-map"
      data-markers={parks.filter(hasLocation).length}
    />
  );
}
