-- The group commit's statement (repos/remote/eventBatchRepo.ts) as a function, so the database plans it once per
-- connection instead of for every batch: planning was ~40 % of a small batch's cost (PostgreSQL and PGlite alike).
-- A plan made once must stay good while session_events grows from nothing to millions of rows, whatever the table's
-- statistics were when it was made. The settings below hold only while the function runs, and leave the planner no
-- way to read session_events or remote_sessions whole: no sequential scans, and no hash or merge joins (which would
-- read a whole index instead of probing it). What is left is the plan wanted at every size: one probe of the
-- (session, event id) index per batch row, one primary-key lookup per session. A plan is made with them whenever the
-- database makes one (the first call on a connection, and again after an ANALYZE or a schema change).
--
-- `batch`: the batch's rows as a JSON array; `batch_length`: their number, which caps the rows read from the array.
-- Returns one row per session it appended to: the session's row after its update (`session_row`), the seq before the
-- batch's first event (`first_seq`), and the [event id, k] pairs it stored for that session (`stored`; seq = first_seq
-- + k). Events already stored (or repeated in the batch) consume no seq; deleted sessions take none.
CREATE FUNCTION "tern_append_events"("batch" jsonb, "batch_length" int)
  RETURNS TABLE ("session_row" "remote_sessions", "first_seq" int, "stored" text)
  LANGUAGE plpgsql
  SET enable_seqscan = off
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT * FROM jsonb_to_recordset("batch") AS x(
      ord int, session_id uuid, event_id uuid, at timestamptz, body jsonb, preview text, is_user boolean, is_last boolean)
    LIMIT "batch_length"
  ), fresh AS (
    SELECT DISTINCT ON (i.session_id, i.event_id) i.* FROM input i
    WHERE NOT EXISTS (SELECT 1 FROM "session_events" e WHERE e.session_id = i.session_id AND e.event_id = i.event_id)
    ORDER BY i.session_id, i.event_id, i.ord
  ), numbered AS (
    SELECT f.*, row_number() OVER (PARTITION BY f.session_id ORDER BY f.ord) AS k FROM fresh f
  ), per_session AS (
    SELECT session_id, count(*)::int AS n, max(at) AS at,
      (array_agg(preview ORDER BY ord) FILTER (WHERE is_user AND preview IS NOT NULL))[1] AS first_user,
      (array_agg(preview ORDER BY ord DESC) FILTER (WHERE is_last AND preview IS NOT NULL))[1] AS last_text,
      json_agg(json_build_array(event_id, k) ORDER BY k)::text AS pairs
    FROM numbered GROUP BY session_id
  ), s AS (
    UPDATE "remote_sessions" r SET
      last_seq = r.last_seq + p.n,
      last_active_at = p.at,
      first_message = coalesce(r.first_message, p.first_user),
      last_message = coalesce(p.last_text, r.last_message)
    FROM per_session p
    WHERE r.id = p.session_id AND r.deleted_at IS NULL
    RETURNING r AS whole, r.id, (r.last_seq - p.n)::int AS base_seq, p.pairs
  ), e AS (
    INSERT INTO "session_events" (session_id, seq, event_id, at, body)
    SELECT n.session_id, s.base_seq + n.k, n.event_id, n.at, n.body FROM numbered n JOIN s ON s.id = n.session_id
  )
  SELECT s.whole, s.base_seq, s.pairs FROM s;
END
$$;
