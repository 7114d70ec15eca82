/** One catalogue entry: the text in both locales and the HTTP status the server answers with. */
export interface ErrorEntry {
  readonly en_us: string;
  readonly zh_cn: string;
  readonly status: number;
}

/** A named entry also carries the canonical English text the server sends as `message`. */
export interface NamedErrorEntry extends ErrorEntry {
  readonly message: string;
}

export type ErrorParams = Readonly<Record<string, string | number>>;

/** Error body of every service (ARCHITECTURE "HTTP conventions"). */
export interface ErrorBody {
  code: number | string;
  message: string;
  title?: string;
  /** Values for `{name}` placeholders, so clients can render their own text. */
  params?: ErrorParams;
  details?: unknown;
}
