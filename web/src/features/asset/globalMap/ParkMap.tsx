import { useEffect, useRef, useState } from 'react';
import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature, { type FeatureLike } from 'ol/Feature';
import Point from 'ol/geom/Point';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import Graticule from 'ol/layer/Graticule';
import VectorSource from 'ol/source/Vector';
import Cluster from 'ol/source/Cluster';
import XYZ from 'ol/source/XYZ';
import TopoJSON from 'ol/format/TopoJSON';
import { boundingExtent } from 'ol/extent';
import { fromLonLat, transformExtent } from 'ol/proj';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
// Natural Earth country outlines (world-atlas, 1:50m, public domain data): the basemap that needs no internet.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import type { PlantView } from '../assetApi';
import { clusterAppearance, hasLocation, lonLatExtent, markerAppearance, tilesUnavailable } from './markers';

export interface ParkMapProps {
  parks: readonly PlantView[];
  selectedId: string | null;
  onSelect: (windFarmId: string | null) => void;
  /** XYZ tile URL; empty = no base layer (plain background with a graticule). */
  tileUrl: string;
  /** False while the kept-alive page is hidden; on showing again the map re-measures itself. */
  active: boolean;
  attribution: string;
  /** Told when the online tiles cannot be loaded (the built-in outline map shows instead) and when they come back. */
  onTilesUnavailable?: (unavailable: boolean) => void;
}

/** Parks closer than this on screen (px) are drawn as one numbered cluster; a click on it zooms in. */
const CLUSTER_DISTANCE_PX = 36;

const OUTLINE_STYLE = new Style({ fill: new Fill({ color: '#f3f1ea' }), stroke: new Stroke({ color: '#b8b4a6', width: 0.7 }) });

function clusterStyle(count: number): Style {
  const a = clusterAppearance(count);
  return new Style({
    image: new CircleStyle({ radius: a.radius, fill: new Fill({ color: a.fill }), stroke: new Stroke({ color: a.stroke, width: 3 }) }),
    text: new Text({ text: a.label, fill: new Fill({ color: '#fff' }), font: '700 12px sans-serif' }),
    zIndex: 4,
  });
}

function markerStyle(park: PlantView, selected: boolean): Style {
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
export default function ParkMap({ parks, selectedId, onSelect, tileUrl, active, attribution, onTilesUnavailable }: ParkMapProps) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTilesRef = useRef(onTilesUnavailable);
  onTilesRef.current = onTilesUnavailable;
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
    // Overlapping parks are clustered, so none hides another; the selected park always stands alone.
    const clusters = new Cluster<Feature<Point>>({ distance: CLUSTER_DISTANCE_PX, source: sourceRef.current });
    const parksOf = (f: FeatureLike): Feature<Point>[] => (f.get('features') as Feature<Point>[] | undefined) ?? [];
    const vector = new VectorLayer({
      source: clusters,
      style: (feature) => {
        const members = parksOf(feature);
        if (members.length === 1) return markerStyle(members[0]!.get('park') as PlantView, members[0]!.getId() === selectedRef.current);
        return clusterStyle(members.length);
      },
      zIndex: 10,
    });
    // The outline basemap: always under the tiles (which cover it once they load), so the map
    // shows land and borders without internet or without configured tiles.
    const outline = new VectorLayer({ source: new VectorSource(), style: OUTLINE_STYLE, zIndex: -1 });
    let disposed = false;
    fetch(countriesUrl)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((topo: unknown) => {
        if (!disposed) outline.getSource()!.addFeatures(new TopoJSON().readFeatures(topo, { featureProjection: 'EPSG:3857' }) as Feature[]);
      })
      .catch(() => undefined);
    const map = new OlMap({
      target: target.current ?? undefined,
      layers: [outline, vector],
      view: new View({ center: fromLonLat([60, 35]), zoom: 2, minZoom: 1, maxZoom: 18 }),
    });
    map.on('singleclick', (event) => {
      const hit = map.forEachFeatureAtPixel(event.pixel, (f) => f, { hitTolerance: 4, layerFilter: (l) => l === vector });
      const members = hit ? parksOf(hit) : [];
      if (members.length > 1) {
        // A cluster: zoom to its parks (they separate), select nothing yet.
        fitted.current = true;
        map.getView().fit(boundingExtent(members.map((f) => f.getGeometry()!.getCoordinates())), { padding: [120, 120, 120, 120], duration: 300, maxZoom: 12 });
        return;
      }
      onSelectRef.current(members[0] ? String(members[0].getId()) : null);
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
      disposed = true;
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
    setTilesFailed(false);
    onTilesRef.current?.(false);
    if (tileUrl) {
      const source = new XYZ({ url: tileUrl, attributions: attribution, crossOrigin: 'anonymous' });
      // Tiles that keep failing (no internet, a blocked server): say so; the outline map stays visible.
      const counts = { loaded: 0, failed: 0 };
      const follow = () => {
        const failed = tilesUnavailable(counts);
        setTilesFailed(failed);
        onTilesRef.current?.(failed);
      };
      source.on('tileloadend', () => {
        counts.loaded++;
        follow();
      });
      source.on('tileloaderror', () => {
        counts.failed++;
        follow();
      });
      baseRef.current = new TileLayer({ source, zIndex: 0 });
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
      className="park-map"
      data-testid="park-map"
      data-markers={parks.filter(hasLocation).length}
      data-basemap={tileUrl && !tilesFailed ? 'tiles' : 'outline'}
    />
  );
}
