// A Node backend for the Rooms guide's Socket.IO API, typed by the generated Generated/TypeScript/rooms.ts the
// way socket.io v4's documentation shows (https://socket.io/docs/v4/typescript/). It only has to compile.
import { Server } from "socket.io";
import type { ClientToServerEvents, Element, ServerToClientEvents } from "../../Generated/TypeScript/rooms";

const io = new Server<ClientToServerEvents, ServerToClientEvents>(3000);
const elements = new Map<string, Element>();

io.on("connection", (socket) => {
    socket.on("room:join", (payload) => {
        void socket.join(payload.roomId);
    });
    socket.on("element:create", (payload, callback) => {
        const element: Element = {
            id: `element-${elements.size + 1}`,
            roomId: payload.roomId,
            type: payload.type,
            createdBy: socket.id,
            positionX: payload.positionX,
            positionY: payload.positionY,
            width: payload.width,
            height: payload.height,
            content: payload.content ?? null,
            createdAt: new Date().toISOString(),
        };
        elements.set(element.id, element);
        // The creator learns the id from the acknowledgement; everyone else from the broadcast.
        callback(element);
        socket.to(payload.roomId).emit("element:created", element);
    });
    socket.on("touch:move", (payload) => {
        const moved = { roomId: payload.roomId, x: payload.x, y: payload.y };
        socket.to(payload.roomId).emit("touch:moved", payload.elementId === undefined ? moved : { ...moved, elementId: payload.elementId });
    });
    socket.on("room:leave", (payload) => {
        io.to(payload.roomId).emit("user:left", { userId: socket.id });
    });
});
