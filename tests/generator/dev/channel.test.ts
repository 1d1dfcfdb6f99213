/** The dev reload channel: Server-Sent Events to every open tab, the current problems first. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createReloadChannel, eventsPath, type ReloadChannel } from '../../../generator/dev/channel.ts';
import type { OverlayProblem } from '../../../generator/dev/overlay.ts';
import type { RequestContext } from '../../../generator/preview/handlers.ts';

let server: Server | undefined;
let channel: ReloadChannel | undefined;

afterEach(async () => {
  channel?.close();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
  channel = undefined;
});

/** A server that tries the channel's handler first and answers `not the channel` to everything else. */
async function serve(problems: () => OverlayProblem[]): Promise<string> {
  channel = createReloadChannel(problems);
  const { handler } = channel;
  server = createServer(async (request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (!(await handler({ urlPath, request, response } as RequestContext)))
      response.writeHead(404).end('not the channel');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Reads the event stream until it holds `count` events; returns the text so far. */
async function readEvents(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  while ((text.match(/^event: /gm) ?? []).length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('the reload channel', () => {
  it('answers only its own path', async () => {
    const url = await serve(() => []);
    const response = await fetch(`${url}/en/`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('not the channel');
    expect(channel!.clients).toBe(0);
  });

  it('sends a tab that connects the retry delay and the current problems at once', async () => {
    const problem: OverlayProblem = { code: 'TEXT_MISSING', file: 'content/texts/it.yaml', message: 'gone' };
    const url = await serve(() => [problem]);
    const response = await fetch(`${url}${eventsPath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const reader = response.body!.getReader();
    expect(await readEvents(reader, 1)).toBe(
      `retry: 1000\n\nevent: problems\ndata: ${JSON.stringify({ type: 'problems', problems: [problem] })}\n\n`,
    );
    await reader.cancel();
  });

  it('sends every event to every connected tab, and forgets a tab that closed', async () => {
    const url = await serve(() => []);
    const first = (await fetch(`${url}${eventsPath}`)).body!.getReader();
    const second = (await fetch(`${url}${eventsPath}`)).body!.getReader();
    await readEvents(first, 1);
    await readEvents(second, 1);
    expect(channel!.clients).toBe(2);

    channel!.send({ type: 'reload', files: ['en/index.html'] });
    channel!.send({ type: 'styles', href: '/assets/site.ABC.css' });
    const expected =
      'event: reload\ndata: {"type":"reload","files":["en/index.html"]}\n\n' +
      'event: styles\ndata: {"type":"styles","href":"/assets/site.ABC.css"}\n\n';
    expect(await readEvents(first, 2)).toBe(expected);
    expect(await readEvents(second, 2)).toBe(expected);

    await first.cancel();
    await until(() => channel!.clients === 1);
    expect(channel!.clients).toBe(1);
  });

  it('ends every stream when closed', async () => {
    const url = await serve(() => []);
    const reader = (await fetch(`${url}${eventsPath}`)).body!.getReader();
    await readEvents(reader, 1);
    channel!.close();
    expect(channel!.clients).toBe(0);
    expect((await reader.read()).done).toBe(true);
  });
});
