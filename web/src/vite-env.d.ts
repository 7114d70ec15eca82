/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FEATURE_STITCHING?: string;
  readonly VITE_FEATURE_INSIGHTS?: string;
  readonly VITE_FEATURE_ADVANCED_SEARCH?: string;
  readonly VITE_FEATURE_DATA_IMPORT?: string;
  readonly VITE_FEATURE_TURBINE_REPORT_DOWNLOAD?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
