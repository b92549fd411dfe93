/** A streamed JSON Lines answer from batches of rows (a database cursor), closing the source when the client goes away. */
export function jsonLinesResponse<T>(batches: AsyncGenerator<T[]>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map((line) => `${JSON.stringify(line)}\n`).join('')));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' },
  });
}
