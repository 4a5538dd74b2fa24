-- Raised by the audit writer's statement when the chain's head is not the one its values were
-- computed from, so that a COMMIT sent behind it in the same message is skipped (decision 062).
CREATE FUNCTION audit_chain_moved() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit chain head moved' USING ERRCODE = 'DCA01';
END
$$;
