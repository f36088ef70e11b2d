-- The group commit's statement again (repos/remote/eventBatchRepo.ts), as `tern_commit_event_heads`: the work of
-- tern_commit_events (migration 0010), answering each session's head (id, owner, title) instead of its whole row.
--
-- At 100 busy sessions a commit holds one or two events per session, so most of its cost is per session: the row's
-- update, and the row sent back, decoded and mapped on the relay's thread. The whole row (its two previews of up to 500
-- characters included) was read for the touch that sends the session list entry at most once a second (that flush now
-- reads the rows it sends, hubContext.ts) and for the push notifier, which needs the id, owner and title alone.
-- Measured (a scratch variant alternated with 0010 on PGlite, 100 sessions): 104 against 132 µs per event at one event
-- per session, 67.5 against 76 at three.
--
-- Returns one row per session it appended to: its id, owner and title after the update, the seq before the batch's
-- first event (`first_seq`), and the event ids it stored for that session as a JSON array (`stored`), in seq order
-- (seq = first_seq + the id's position, from 1). Events already stored (or repeated in the batch) consume no seq;
-- deleted sessions take none. The settings and everything else are 0010's (see there for why).
--
-- tern_commit_events stays for relay nodes of the previous version during a rolling upgrade.
CREATE FUNCTION "tern_commit_event_heads"("batch" jsonb, "batch_length" int)
  RETURNS TABLE ("session_id" uuid, "user_id" uuid, "title" text, "first_seq" int, "stored" text)
  LANGUAGE plpgsql
  SET enable_seqscan = off
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  SET enable_material = off
  SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT x.ord::int AS ord, (x.v->>0)::uuid AS session_id, (x.v->>1)::uuid AS event_id, (x.v->>2)::timestamptz AS at,
      x.v->3 AS body
    FROM jsonb_array_elements("batch") WITH ORDINALITY AS x(v, ord)
    LIMIT "batch_length"
  ), fresh AS (
    SELECT DISTINCT ON (i.session_id, i.event_id) i.* FROM input i
    WHERE NOT EXISTS (SELECT 1 FROM "session_events" e WHERE e.session_id = i.session_id AND e.event_id = i.event_id)
    ORDER BY i.session_id, i.event_id, i.ord
  ), numbered AS (
    SELECT f.*, row_number() OVER (PARTITION BY f.session_id ORDER BY f.ord) AS k,
      CASE WHEN jsonb_typeof(f.body->'text') = 'string' THEN f.body->>'type' END AS text_type
    FROM fresh f
  ), per_session AS (
    SELECT n.session_id, count(*)::int AS n, max(n.at) AS at,
      tern_preview((array_agg(n.body->>'text' ORDER BY n.k) FILTER (WHERE n.text_type = 'user_message'))[1]) AS first_user,
      tern_preview((array_agg(n.body->>'text' ORDER BY n.k DESC)
        FILTER (WHERE n.text_type IN ('user_message', 'assistant_message')))[1]) AS last_text,
      array_agg(n.event_id ORDER BY n.k) AS event_ids, array_agg(n.at ORDER BY n.k) AS ats,
      array_agg(n.body ORDER BY n.k) AS bodies
    FROM numbered n GROUP BY n.session_id
  ), s AS (
    UPDATE "remote_sessions" r SET
      last_seq = r.last_seq + p.n,
      last_active_at = p.at,
      first_message = coalesce(r.first_message, p.first_user),
      last_message = coalesce(p.last_text, r.last_message)
    FROM per_session p
    WHERE r.id = p.session_id AND r.deleted_at IS NULL
    RETURNING r.id, r.user_id, r.title, (r.last_seq - p.n)::int AS base_seq, p.event_ids, p.ats, p.bodies
  ), e AS (
    INSERT INTO "session_events" (session_id, seq, event_id, at, body)
    SELECT s.id, s.base_seq + u.k, u.event_id, u.at, u.body
    FROM s, unnest(s.event_ids, s.ats, s.bodies) WITH ORDINALITY AS u(event_id, at, body, k)
  )
  SELECT s.id, s.user_id, s.title, s.base_seq, array_to_json(s.event_ids)::text FROM s;
END
$$;
