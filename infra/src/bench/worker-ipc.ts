/** A bench worker's side of inChild (http-load.ts): one input message in, one answer out, then exit. */
export function answerParent<I, O>(work: (input: I) => Promise<O>): void {
  process.once('message', (input) => {
    work(input as I).then(
      (value) => process.send!({ ok: true, value }, () => process.exit(0)),
      (err: Error) => process.send!({ ok: false, error: err.stack ?? String(err) }, () => process.exit(1)),
    );
  });
}
