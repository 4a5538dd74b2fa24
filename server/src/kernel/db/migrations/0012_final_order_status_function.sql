-- The final order statuses (those no order action leaves: finalOrderStatuses in the contract)
-- written once in SQL. A test compares its answer with the contract, so a new final status
-- fails it until a migration re-creates this function. A plain SQL expression, so PostgreSQL
-- inlines it into the queries that call it.
CREATE FUNCTION is_final_order_status(status order_status) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT status IN ('rejected', 'canceled', 'delivered') $$;
--> statement-breakpoint
-- final_order_counts_follow (migration 0007) as it was, asking is_final_order_status instead of
-- listing the statuses itself; its triggers call the replaced body from the next statement on.
CREATE OR REPLACE FUNCTION final_order_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM final_order_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO final_order_counts AS c (status, cmo_id, site_id, imaging_center_id, orders)
      SELECT status, cmo_id, site_id, imaging_center_id, count(*) FROM new_orders
      WHERE is_final_order_status(status)
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (status, cmo_id, site_id, imaging_center_id) DO UPDATE SET orders = c.orders + excluded.orders;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO final_order_counts AS c (status, cmo_id, site_id, imaging_center_id, orders)
      SELECT status, cmo_id, site_id, imaging_center_id, sum(delta) FROM (
        SELECT status, cmo_id, site_id, imaging_center_id, 1 AS delta FROM new_orders
        WHERE is_final_order_status(status)
        UNION ALL
        SELECT status, cmo_id, site_id, imaging_center_id, -1 FROM old_orders
        WHERE is_final_order_status(status)
      ) changed
      GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (status, cmo_id, site_id, imaging_center_id) DO UPDATE SET orders = c.orders + excluded.orders;
  ELSE
    UPDATE final_order_counts c SET orders = c.orders - gone.orders
      FROM (SELECT status, cmo_id, site_id, imaging_center_id, count(*) AS orders FROM old_orders
            WHERE is_final_order_status(status) GROUP BY 1, 2, 3, 4) gone
      WHERE (c.status, c.cmo_id, c.site_id, c.imaging_center_id)
          = (gone.status, gone.cmo_id, gone.site_id, gone.imaging_center_id);
  END IF;
  RETURN NULL;
END;
$$;
