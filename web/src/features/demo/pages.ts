/** Route modules of the demo pages (SPEC §2 /demo), loaded on demand; administrators only. */
export const demoPages = {
  polygon: () => import('./DemoPolygonPage'),
  openseadragon: () => import('./DemoOpenseadragonPage'),
  proto: () => import('./DemoProtoPage'),
  openlayers: () => import('./DemoOpenlayersPage'),
};
