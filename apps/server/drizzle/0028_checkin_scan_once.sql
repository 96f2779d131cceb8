-- Door check-in, cheaper per scan (docs/check-in.md, "Bench"). The same decision as 0014's checkin_scan,
-- with the same arguments and the same row, but its history line is written once, with its outcome,
-- instead of inserted as NOT_FOUND and then updated (a second row version and every index of `scans`
-- written twice), and the ticket with what the answer shows of it is read in one statement with the date
-- check, the answer built from what the function already holds instead of read back.
--
-- The rules stay PostgreSQL's: the primary key of ticket_admissions admits exactly one of any number of
-- concurrent scans (INSERT … ON CONFLICT DO NOTHING); the unique nonce makes a retried scan answer its
-- first outcome. The nonce is looked up first; a retry that comes in while its first is still undecided
-- meets it at the line's insert (which waits for it), and then changes nothing: an admission it made
-- in the meantime is taken back in its own transaction before anyone could see it, and the ticket is
-- marked scanned only once the line is in.
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
  v_scan uuid;
  v_date uuid;
  v_ticket_id uuid;
  v_ticket_event uuid;
  v_ticket_occurrence uuid;
  v_ticket_status ticket_status;
  v_attendee text;
  v_buyer text;
  v_type text;
  v_booking text;
  v_starts timestamptz;
  v_result scan_result;
  v_previous uuid;
  v_previous_at timestamptz;
  v_previous_by text;
  v_previous_device text;
  v_previous_source scan_source;
  v_conflict boolean;
  v_shown boolean;
BEGIN
  -- The date (it must be the event's) and the ticket with what the answer shows of it, in one read.
  SELECT o.id, t.id, t.event_id, t.occurrence_id, t.status, t.attendee_name, b.buyer_name, tt.name, b.code, tocc.starts_at
    INTO v_date, v_ticket_id, v_ticket_event, v_ticket_occurrence, v_ticket_status, v_attendee, v_buyer, v_type,
         v_booking, v_starts
  FROM event_occurrences o
  LEFT JOIN tickets t ON t.code = p_code
  LEFT JOIN bookings b ON b.id = t.booking_id
  LEFT JOIN event_ticket_types tt ON tt.id = t.ticket_type_id
  LEFT JOIN event_occurrences tocc ON tocc.id = t.occurrence_id
  WHERE o.id = p_occurrence AND o.event_id = p_event;
  IF v_date IS NULL THEN
    RAISE EXCEPTION 'checkin: occurrence' USING ERRCODE = 'P0002';
  END IF;

  -- A nonce seen before: the first outcome, nothing changes.
  SELECT s.id INTO v_scan FROM scans s WHERE s.nonce = p_nonce;
  IF FOUND THEN
    RETURN QUERY SELECT * FROM checkin_outcome(v_scan, true);
    RETURN;
  END IF;
  v_scan := gen_random_uuid();

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
    ELSE
      v_result := 'ALREADY_SCANNED';
      SELECT a.scan_id, ps.scanned_at, nullif(trim(pu.first_name || ' ' || pu.last_name), ''), ps.device_id, ps.source
        INTO v_previous, v_previous_at, v_previous_by, v_previous_device, v_previous_source
      FROM ticket_admissions a
      LEFT JOIN scans ps ON ps.id = a.scan_id
      LEFT JOIN users pu ON pu.id = ps.scanned_by
      WHERE a.ticket_id = v_ticket_id AND a.occurrence_id = p_occurrence;
    END IF;
  END IF;

  v_conflict := coalesce(p_local_result = 'ADMITTED', false) AND v_result <> 'ADMITTED';
  -- Nothing of another event's ticket is kept in this event's history.
  v_shown := v_result NOT IN ('NOT_FOUND', 'WRONG_EVENT');
  INSERT INTO scans (id, event_id, occurrence_id, ticket_id, code_tail, result, source, conflict, previous_scan_id,
                     scanned_by, device_id, nonce, scanned_at)
  VALUES (v_scan, p_event, p_occurrence, CASE WHEN v_shown THEN v_ticket_id END,
          CASE WHEN v_shown THEN NULL ELSE right(p_code, 4) END, v_result, p_source, v_conflict, v_previous,
          p_actor, p_device, p_nonce, p_scanned_at)
  ON CONFLICT (nonce) DO NOTHING;
  IF NOT FOUND THEN
    -- The same nonce came in at the same time and was decided first: its outcome, and nothing of this one.
    IF v_result = 'ADMITTED' THEN
      DELETE FROM ticket_admissions a
      WHERE a.ticket_id = v_ticket_id AND a.occurrence_id = p_occurrence AND a.scan_id = v_scan;
    END IF;
    SELECT s.id INTO v_scan FROM scans s WHERE s.nonce = p_nonce;
    RETURN QUERY SELECT * FROM checkin_outcome(v_scan, true);
    RETURN;
  END IF;
  IF v_result = 'ADMITTED' THEN
    UPDATE tickets SET scanned_at = p_scanned_at, scanned_by = p_actor WHERE id = v_ticket_id;
  END IF;

  RETURN QUERY SELECT v_scan, p_nonce, v_result, false, v_conflict, p_scanned_at, p_event, p_occurrence, p_actor,
    CASE WHEN v_shown THEN v_ticket_id END, CASE WHEN v_shown THEN v_attendee END,
    CASE WHEN v_shown THEN v_buyer END, CASE WHEN v_shown THEN v_type END,
    CASE WHEN v_shown THEN v_booking END, CASE WHEN v_shown THEN v_ticket_status END,
    CASE WHEN v_shown THEN v_ticket_occurrence END, CASE WHEN v_shown THEN v_starts END,
    v_previous_at, v_previous_by, v_previous_device, v_previous_source;
END;
$$;
