/** The Data Center feature's public API: its pages (search and export, insight, advanced search, single point). */
export * from './pages';
