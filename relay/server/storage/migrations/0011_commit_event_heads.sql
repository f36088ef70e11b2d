-- The group commit's statement again (repos/remote/eventBatchRepo.ts), as `tern_commit_event_heads`: the work of
-- tern_commit_events (migration 0010), answering each session's head (id, owner, title) instead of its whole row, and
-- with one sort per session where it had five.
--
-- * At 100 busy sessions a commit holds one or two events per session, so most of its cost is per session: the row's
--   update, and the row sent back, decoded and mapped on the relay's thread. The whole row (its two previews of up to
--   500 characters included) was read for the touch that sends the session list entry at most once a second (that
--   flush now reads the rows it sends, remote/sessionTouches.ts) and for the push notifier, which needs the id, owner
--   and title alone.
-- * 0010's aggregates each gathered the session's events in seq order (`array_agg(… ORDER BY k)`): the event ids,
--   times and bodies as three arrays, and the texts of the first and last messages as two more, and PostgreSQL 15
--   sorts each such aggregate's rows on its own, per group (auto_explain: a fifth of the statement at one event per
--   session). The events now travel as one array of `tern_event` (one sort), and the previews are taken from it by
--   position: the first user message's, the last user or assistant message's (plain min() and max(), no sort).
--
-- Measured (scratch runs alternating the functions on one database, 100 sessions, 20 commits per measurement, medians
-- of 6), wall µs per event at one and three events per session: the head instead of the row, PGlite 154 and 84 against
-- 217 and 124, PostgreSQL 97 and 49 against 105 and 52; then the one sort, PostgreSQL 82.5 and 39.0 against 94.4 and
-- 44.4, PGlite (PostgreSQL 17, which can feed one order of aggregates presorted) within its noise.
--
-- Returns one row per session it appended to: its id, owner and title after the update, the seq before the batch's
-- first event (`first_seq`), and the event ids it stored for that session as a JSON array (`stored`), in seq order
-- (seq = first_seq + the id's position, from 1). Events already stored (or repeated in the batch) consume no seq;
-- deleted sessions take none. The settings are 0010's (see there for why).
--
-- tern_commit_events stays for relay nodes of the previous version during a rolling upgrade.
CREATE TYPE "tern_event" AS ("event_id" uuid, "at" timestamptz, "body" jsonb);
--> statement-breakpoint
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
      min(n.k) FILTER (WHERE n.text_type = 'user_message') AS first_user_k,
      max(n.k) FILTER (WHERE n.text_type IN ('user_message', 'assistant_message')) AS last_text_k,
      array_agg((n.event_id, n.at, n.body)::tern_event ORDER BY n.k) AS events
    FROM numbered n GROUP BY n.session_id
  ), s AS (
    UPDATE "remote_sessions" r SET
      last_seq = r.last_seq + p.n,
      last_active_at = p.at,
      first_message = coalesce(r.first_message, tern_preview((p.events[p.first_user_k]).body->>'text')),
      last_message = coalesce(tern_preview((p.events[p.last_text_k]).body->>'text'), r.last_message)
    FROM per_session p
    WHERE r.id = p.session_id AND r.deleted_at IS NULL
    RETURNING r.id, r.user_id, r.title, (r.last_seq - p.n)::int AS base_seq, p.events
  ), e AS (
    INSERT INTO "session_events" (session_id, seq, event_id, at, body)
    SELECT s.id, s.base_seq + u.k, u.event_id, u.at, u.body
    FROM s, unnest(s.events) WITH ORDINALITY AS u(event_id, at, body, k)
  )
  SELECT s.id, s.user_id, s.title, s.base_seq,
    (SELECT json_agg(x.event_id ORDER BY x.k)::text FROM unnest(s.events) WITH ORDINALITY AS x(event_id, at, body, k))
  FROM s;
END
$$;

