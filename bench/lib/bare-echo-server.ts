// The baseline for bench/chat.ts: a bare socket.io server with Parley's channel layout and no
// auth, database or validation. A socket joins `room:<room>` and `user:<user>` from its
// handshake; a chatroom_message is acknowledged and emitted as new_message to the room and both
// members' user channels, exactly the targets Parley's chat service publishes to.
// Run as a child process: PORT=… node --import tsx bench/lib/bare-echo-server.ts
import { createServer } from 'node:http';
import { Server } from 'socket.io';

type Payload = { chatroomId: string; learnerId: string; tutorId: string; message: string };

const httpServer = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
});
const io = new Server(httpServer, { path: '/socket.io', serveClient: false });
let seq = 0;

io.on('connection', (socket) => {
  const { room, user } = socket.handshake.auth as { room?: string; user?: string };
  if (user) void socket.join(`user:${user}`);
  socket.on('join_room', (payload: { chatroomId: string }, ack?: (r: unknown) => void) => {
    void socket.join(`room:${payload.chatroomId ?? room}`);
    ack?.({ ok: true, data: { missed: [] } });
  });
  socket.on('chatroom_message', (payload: Payload, ack?: (r: unknown) => void) => {
    const message = { _id: String(++seq), seq, room: payload.chatroomId, type: 'Text', message: payload.message, createdAt: new Date().toISOString() };
    ack?.({ ok: true, data: message });
    io.to([`room:${payload.chatroomId}`, `user:${payload.learnerId}`, `user:${payload.tutorId}`]).emit('new_message', message);
  });
});

httpServer.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
const stop = () => {
  void io.close();
  httpServer.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
