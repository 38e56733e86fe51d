-- Storing a chat message also moves its room on (the other side's unread count and the time of
-- the last message) in the same statement, so sending is one round trip and still atomic.
CREATE FUNCTION "chat_message_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "chat_rooms" SET
    "teacher_unread" = "teacher_unread" + CASE WHEN NEW."sender_role" = 'Learner' THEN 1 ELSE 0 END,
    "learner_unread" = "learner_unread" + CASE WHEN NEW."sender_role" = 'Teacher' THEN 1 ELSE 0 END,
    "last_message_at" = NEW."created_at"
  WHERE "id" = NEW."room_id";
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_after_insert" AFTER INSERT ON "chat_messages"
  FOR EACH ROW EXECUTE FUNCTION "chat_message_inserted"();
--> statement-breakpoint
-- A learner asks for one time once: a second open request for the same start in a room is refused.
CREATE UNIQUE INDEX "chat_messages_one_open_request" ON "chat_messages" ("room_id", "session_start_at") WHERE "status" = 'Requested';
