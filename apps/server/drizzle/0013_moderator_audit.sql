CREATE INDEX "moderator_actions_target_idx" ON "moderator_actions" USING btree ("target_user_id","action","created_at");
--> statement-breakpoint
-- The moderators' audit log is append-only whatever the application does: the database refuses
-- to change or remove a row of it (the app has no route that would; this holds for any SQL).
CREATE FUNCTION "moderator_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderator_actions is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "moderator_actions_no_update_or_delete" BEFORE UPDATE OR DELETE ON "moderator_actions"
  FOR EACH ROW EXECUTE FUNCTION "moderator_actions_append_only"();
--> statement-breakpoint
CREATE TRIGGER "moderator_actions_no_truncate" BEFORE TRUNCATE ON "moderator_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION "moderator_actions_append_only"();
