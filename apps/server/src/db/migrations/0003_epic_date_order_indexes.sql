-- The roadmap and epic lists sort by start or due date with missing dates last; these expression
-- indexes match those ORDER BY clauses so a page does not sort every epic of the group tree.
CREATE INDEX epics_start_date_order_idx ON epics ((coalesce(start_date, 'infinity'::date)), id);
CREATE INDEX epics_due_date_order_idx ON epics ((coalesce(due_date, 'infinity'::date)), id);
