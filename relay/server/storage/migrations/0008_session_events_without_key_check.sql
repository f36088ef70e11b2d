-- session_events.session_id stops being a foreign key (its check ran for every event stored: schema.remote.ts). What
-- its ON DELETE CASCADE did, this trigger does: the events of deleted sessions go in the same statement's transaction,
-- whether the session was deleted itself or with its instance or user (cascades fire it too). A statement-level
-- trigger with a transition table: one DELETE per statement, however many sessions it removed.
CREATE FUNCTION "tern_delete_session_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "session_events" e USING "gone" g WHERE e."session_id" = g."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "remote_sessions_delete_events" AFTER DELETE ON "remote_sessions"
  REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "tern_delete_session_events"();--> statement-breakpoint
ALTER TABLE "session_events" DROP CONSTRAINT "session_events_session_id_remote_sessions_id_fk";
