-- Door check-in on a new installation (docs/check-in.md, "Bench"). Every statement of checkin_scan (and of
-- checkin_outcome, which it calls) finds its rows by a key: the ticket by its code, the scan by its nonce,
-- the admission by its primary key. PL/pgSQL keeps each statement's plan for the life of the connection,
-- and a plan made while `scans` holds a few hundred rows is a sequential scan, which PostgreSQL is right
-- to choose for so small a table. At a new installation's first busy door that plan stayed in every pooled
-- connection while the history grew by thousands of rows a minute, until autovacuum's next ANALYZE: each
-- scan read the whole history to look for its nonce (1.3 ms of PostgreSQL a scan and growing, against
-- 0.3 ms). Inside these functions the planner is told not to choose sequential scans, so a plan made on a
-- small table is the index lookup it stays right for. Set on the function, it changes nothing elsewhere.
-- A later CREATE OR REPLACE of checkin_scan drops the setting unless it says SET enable_seqscan = off too.
ALTER FUNCTION checkin_scan(uuid, uuid, text, uuid, text, uuid, scan_source, timestamptz, scan_result)
  SET enable_seqscan = off;
