-- Door check-in (docs/check-in.md). A scan is decided by one call of checkin_scan: one round trip, one
-- transaction, the decision made by PostgreSQL itself. The primary key of ticket_admissions is the rule
-- "admitted at most once per date": the INSERT … ON CONFLICT DO NOTHING admits exactly one of any number
-- of concurrent scans. The unique nonce makes a retried scan answer its first outcome.

-- Tickets marked scanned before check-in existed: their admission and a history line.
WITH marked AS (
  INSERT INTO scans (event_id, occurrence_id, ticket_id, result, source, scanned_by, scanned_at, received_at)
  SELECT t.event_id, t.occurrence_id, t.id, 'MARKED_SCANNED', 'MANUAL', t.scanned_by, t.scanned_at, t.scanned_at
  FROM tickets t
  WHERE t.scanned_at IS NOT NULL AND t.occurrence_id IS NOT NULL
  RETURNING id, ticket_id, occurrence_id, event_id, scanned_by, scanned_at
)
INSERT INTO ticket_admissions (ticket_id, occurrence_id, event_id, admitted_at, admitted_by, device_id, source, scan_id)
SELECT ticket_id, occurrence_id, event_id, scanned_at, scanned_by, NULL, 'MANUAL', id FROM marked;
--> statement-breakpoint

-- What a scan shows: the history line with its ticket and, for ALREADY_SCANNED, the admission it met.
CREATE OR REPLACE FUNCTION checkin_outcome(p_scan uuid, p_replayed boolean)
RETURNS TABLE (
  scan_id uuid, nonce uuid, result scan_result, replayed boolean, conflict boolean, scanned_at timestamptz,
  event_id uuid, occurrence_id uuid, scanned_by uuid,
  ticket_id uuid, attendee_name text, buyer_name text, ticket_type_name text, booking_code text,
  ticket_status ticket_status, ticket_occurrence_id uuid, ticket_occurrence_starts_at timestamptz,
  previous_at timestamptz, previous_by text, previous_device text, previous_source scan_source
)
LANGUAGE sql STABLE AS $$
  SELECT s.id, s.nonce, s.result, p_replayed, s.conflict, s.scanned_at,
         s.event_id, s.occurrence_id, s.scanned_by,
         t.id, t.attendee_name, b.buyer_name, tt.name, b.code,
         t.status, t.occurrence_id, o.starts_at,
         ps.scanned_at, nullif(trim(pu.first_name || ' ' || pu.last_name), ''), ps.device_id, ps.source
  FROM scans s
  LEFT JOIN tickets t ON t.id = s.ticket_id
  LEFT JOIN bookings b ON b.id = t.booking_id
  LEFT JOIN event_ticket_types tt ON tt.id = t.ticket_type_id
  LEFT JOIN event_occurrences o ON o.id = t.occurrence_id
  LEFT JOIN scans ps ON ps.id = s.previous_scan_id
  LEFT JOIN users pu ON pu.id = ps.scanned_by
  WHERE s.id = p_scan
$$;
--> statement-breakpoint

-- One scan. p_local_result: what an offline device decided (null online). When it let the person in and the
-- ticket was in already, the line is a conflict; when it turned them away, nothing is admitted afterwards
-- (they were not let in) and the line keeps the door's decision unless the server refuses for its own reason.
-- Raises 'checkin: occurrence' (SQLSTATE P0002) when the date is not the event's.
CREATE OR REPLACE FUNCTION checkin_scan(
  p_event uuid, p_occurrence uuid, p_code text, p_actor uuid, p_device text, p_nonce uuid,
  p_source scan_source, p_scanned_at timestamptz, p_local_result scan_result
)
RETURNS TABLE (
  scan_id uuid, nonce uuid, result scan_result, replayed boolean, conflict boolean, scanned_at timestamptz,
  event_id uuid, occurrence_id uuid, scanned_by uuid,
  ticket_id uuid, attendee_name text, buyer_name text, ticket_type_name text, booking_code text,
  ticket_status ticket_status, ticket_occurrence_id uuid, ticket_occurrence_starts_at timestamptz,
  previous_at timestamptz, previous_by text, previous_device text, previous_source scan_source
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_scan uuid := gen_random_uuid();
  v_ticket_id uuid;
  v_ticket_event uuid;
  v_ticket_occurrence uuid;
  v_ticket_status ticket_status;
  v_result scan_result;
  v_previous uuid;
  v_conflict boolean := false;
BEGIN
  PERFORM 1 FROM event_occurrences WHERE id = p_occurrence AND event_occurrences.event_id = p_event;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'checkin: occurrence' USING ERRCODE = 'P0002';
  END IF;

  -- The nonce first: a retry (even a concurrent one) finds the first scan and changes nothing.
  INSERT INTO scans (id, event_id, occurrence_id, result, source, scanned_by, device_id, nonce, scanned_at)
  VALUES (v_scan, p_event, p_occurrence, 'NOT_FOUND', p_source, p_actor, p_device, p_nonce, p_scanned_at)
  ON CONFLICT (nonce) DO NOTHING;
  IF NOT FOUND THEN
    SELECT s.id INTO v_scan FROM scans s WHERE s.nonce = p_nonce;
    RETURN QUERY SELECT * FROM checkin_outcome(v_scan, true);
    RETURN;
  END IF;

  SELECT t.id, t.event_id, t.occurrence_id, t.status
    INTO v_ticket_id, v_ticket_event, v_ticket_occurrence, v_ticket_status
  FROM tickets t WHERE t.code = p_code;

  IF v_ticket_id IS NULL THEN
    v_result := 'NOT_FOUND';
  ELSIF v_ticket_event <> p_event THEN
    v_result := 'WRONG_EVENT';
  ELSIF v_ticket_status = 'REFUNDED' THEN
    v_result := 'REFUNDED';
  ELSIF v_ticket_status = 'CANCELLED' THEN
    v_result := 'CANCELLED';
  ELSIF v_ticket_occurrence IS NOT NULL AND v_ticket_occurrence <> p_occurrence THEN
    v_result := 'WRONG_DATE';
  ELSIF p_local_result IS NOT NULL AND p_local_result <> 'ADMITTED' THEN
    v_result := p_local_result;
  ELSE
    INSERT INTO ticket_admissions (ticket_id, occurrence_id, event_id, admitted_at, admitted_by, device_id, source, scan_id)
    VALUES (v_ticket_id, p_occurrence, p_event, p_scanned_at, p_actor, p_device, p_source, v_scan)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
      v_result := 'ADMITTED';
      UPDATE tickets SET scanned_at = p_scanned_at, scanned_by = p_actor WHERE id = v_ticket_id;
    ELSE
      v_result := 'ALREADY_SCANNED';
      SELECT a.scan_id INTO v_previous FROM ticket_admissions a
      WHERE a.ticket_id = v_ticket_id AND a.occurrence_id = p_occurrence;
    END IF;
  END IF;

  v_conflict := coalesce(p_local_result = 'ADMITTED', false) AND v_result <> 'ADMITTED';
  UPDATE scans SET
    result = v_result,
    -- Nothing of another event's ticket is kept in this event's history.
    ticket_id = CASE WHEN v_result IN ('NOT_FOUND', 'WRONG_EVENT') THEN NULL ELSE v_ticket_id END,
    code_tail = CASE WHEN v_result IN ('NOT_FOUND', 'WRONG_EVENT') THEN right(p_code, 4) ELSE NULL END,
    previous_scan_id = v_previous,
    conflict = v_conflict
  WHERE id = v_scan;

  RETURN QUERY SELECT * FROM checkin_outcome(v_scan, false);
END;
$$;
