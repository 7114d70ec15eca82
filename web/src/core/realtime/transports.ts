/**
 * How the console's live sockets connect: a WebSocket first, HTTP long-polling only if the
 * WebSocket cannot open (a proxy that refuses upgrades). socket.io's default starts with polling
 * and upgrades later: a handshake and three or four polls, each an HTTP request queued with the
 * page's own reads on the browser's six connections while the page opens.
 */
export const LIVE_TRANSPORTS = { transports: ['websocket', 'polling'], tryAllTransports: true };
