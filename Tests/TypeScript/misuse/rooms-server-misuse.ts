// Mistakes a Node backend could make against the Rooms contract: each marked line must fail to compile with
// the error it announces, and no other line may.
import { Server } from "socket.io";
import type { ClientToServerEvents, ServerToClientEvents } from "../../../Generated/TypeScript/rooms";

const io = new Server<ClientToServerEvents, ServerToClientEvents>();

io.on("connection", (socket) => {
    socket.emit("user:left", { userId: 42 }); // error TS2322
    socket.emit("user:joinde", { userId: "u1" }); // error TS2345
    socket.on("element:create", (_payload, callback) => callback({ id: "e1" })); // error TS2345
    socket.on("room:join", (payload) => socket.join(payload.room)); // error TS2339
    io.emit("element:created"); // error TS2554
});
