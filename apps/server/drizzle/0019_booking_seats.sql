-- An order's seats on its row (docs/performance.md, "Exports at scale"): the sum of its lines'
-- quantities, filled here for the orders there are and kept by a statement trigger on booking_lines, so
-- every writer (checkout, seeds, fixtures) keeps it right without knowing it. Lines are written once,
-- with their order, and never change or go away on their own (only with the order).
ALTER TABLE "bookings" ADD COLUMN "seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
SET LOCAL statement_timeout = 0;--> statement-breakpoint
UPDATE "bookings" b SET "seats" = l.seats
  FROM (SELECT booking_id, sum(quantity)::int AS seats FROM "booking_lines" GROUP BY booking_id) l
  WHERE l.booking_id = b.id;--> statement-breakpoint
CREATE FUNCTION bookings_count_seats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bookings b SET seats = b.seats + added.seats
    FROM (SELECT booking_id, sum(quantity)::int AS seats FROM new_lines GROUP BY booking_id) added
    WHERE b.id = added.booking_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER booking_lines_count_seats AFTER INSERT ON "booking_lines"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION bookings_count_seats();
