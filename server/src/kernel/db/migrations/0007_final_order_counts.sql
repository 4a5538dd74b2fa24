CREATE TABLE "final_order_counts" (
	"status" "order_status" NOT NULL,
	"cmo_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"imaging_center_id" integer NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "final_order_counts_status_cmo_id_site_id_imaging_center_id_pk" PRIMARY KEY("status","cmo_id","site_id","imaging_center_id")
);
--> statement-breakpoint
-- Keeps final_order_counts in step with orders, in the statement that changes them. Final
-- statuses are those no order action leaves (finalOrderStatuses in the contract; a test checks
-- the two agree). One aggregated upsert per statement, its rows in key order so that two
-- statements never lock the same counters in opposite orders.
CREATE FUNCTION final_order_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM final_order_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO final_order_counts AS c (status, cmo_id, site_id, imaging_center_id, orders)
      SELECT status, cmo_id, site_id, imaging_center_id, count(*) FROM new_orders
      WHERE status IN ('rejected', 'canceled', 'delivered')
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (status, cmo_id, site_id, imaging_center_id) DO UPDATE SET orders = c.orders + excluded.orders;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO final_order_counts AS c (status, cmo_id, site_id, imaging_center_id, orders)
      SELECT status, cmo_id, site_id, imaging_center_id, sum(delta) FROM (
        SELECT status, cmo_id, site_id, imaging_center_id, 1 AS delta FROM new_orders
        WHERE status IN ('rejected', 'canceled', 'delivered')
        UNION ALL
        SELECT status, cmo_id, site_id, imaging_center_id, -1 FROM old_orders
        WHERE status IN ('rejected', 'canceled', 'delivered')
      ) changed
      GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (status, cmo_id, site_id, imaging_center_id) DO UPDATE SET orders = c.orders + excluded.orders;
  ELSE
    UPDATE final_order_counts c SET orders = c.orders - gone.orders
      FROM (SELECT status, cmo_id, site_id, imaging_center_id, count(*) AS orders FROM old_orders
            WHERE status IN ('rejected', 'canceled', 'delivered') GROUP BY 1, 2, 3, 4) gone
      WHERE (c.status, c.cmo_id, c.site_id, c.imaging_center_id)
          = (gone.status, gone.cmo_id, gone.site_id, gone.imaging_center_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_final_counts_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION final_order_counts_follow();
--> statement-breakpoint
CREATE TRIGGER orders_final_counts_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION final_order_counts_follow();
--> statement-breakpoint
CREATE TRIGGER orders_final_counts_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION final_order_counts_follow();
--> statement-breakpoint
CREATE TRIGGER orders_final_counts_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION final_order_counts_follow();
--> statement-breakpoint
INSERT INTO final_order_counts (status, cmo_id, site_id, imaging_center_id, orders)
  SELECT status, cmo_id, site_id, imaging_center_id, count(*) FROM orders
  WHERE status IN ('rejected', 'canceled', 'delivered') GROUP BY 1, 2, 3, 4;
