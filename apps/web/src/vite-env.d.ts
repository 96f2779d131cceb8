interface ImportMetaEnv {
  /** Comma-separated equivalent API hosts, e.g. `https://a.example,https://b.example`. Empty = same origin. */
  readonly VITE_API_BASE_URLS?: string;
  readonly VITE_CLIENT_ID?: string;
  readonly VITE_CLIENT_SECRET?: string;
  readonly VITE_SECRET_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
