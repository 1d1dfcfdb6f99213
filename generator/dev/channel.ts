/**
 * The reload channel: Server-Sent Events from the dev server to every open tab.
 * A tab that connects is sent the current problems at once, so a page opened
 * while the content is broken shows the overlay too.
 */
import type { ServerResponse } from 'node:http';
import type { PreviewHandler } from '../preview/handlers.ts';
import type { OverlayProblem } from './overlay.ts';

export const eventsPath = '/__site/events';

export type DevEvent =
  /** These output files changed: a tab showing one of them reloads. */
  | { type: 'reload'; files: string[] }
  /** Only the stylesheet changed: tabs swap it in place. */
  | { type: 'styles'; href: string }
  /** The problems of the last rebuild; an empty list removes the overlay. */
  | { type: 'problems'; problems: OverlayProblem[] };

export interface ReloadChannel {
  handler: PreviewHandler;
  send(event: DevEvent): void;
  /** Tabs connected now. */
  readonly clients: number;
  close(): void;
}

const format = (event: DevEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

export function createReloadChannel(currentProblems: () => OverlayProblem[]): ReloadChannel {
  const clients = new Set<ServerResponse>();
  const handler: PreviewHandler = ({ urlPath, request, response }) => {
    if (urlPath !== eventsPath) return false;
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    // A tab that lost the connection (the server restarted) tries again after a second.
    response.write(`retry: 1000\n\n${format({ type: 'problems', problems: currentProblems() })}`);
    clients.add(response);
    request.on('close', () => clients.delete(response));
    return true;
  };
  return {
    handler,
    send(event) {
      const text = format(event);
      for (const client of clients) client.write(text);
    },
    get clients() {
      return clients.size;
    },
    close() {
      for (const client of clients) client.end();
      clients.clear();
    },
  };
}
