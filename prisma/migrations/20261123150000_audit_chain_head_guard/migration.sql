-- The chain head may only move the way an append moves it, whoever asks (the gateway's own database
-- user included): moved back, deleted or emptied, it would hide the events after it from verification.
--   INSERT: only a new chain's head, at sequence 1 after the all-zero hash (the append's upsert; its
--           BEFORE INSERT fires with these values even when the row exists and the upsert updates).
--   UPDATE: only one event forward, same organization, prev_hash = the old hash (the upsert's
--           DO UPDATE; a head left at sequence 0 with no prev_hash by the earlier two-statement
--           append advances the same way).
--   DELETE, TRUNCATE: never (audit_reject_change from the init migration).
CREATE FUNCTION audit_chain_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.sequence = 1 AND NEW.prev_hash = decode(repeat('00', 32), 'hex') THEN
      RETURN NEW;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.organization_id = OLD.organization_id
       AND NEW.sequence = OLD.sequence + 1
       AND NEW.prev_hash IS NOT DISTINCT FROM OLD.hash THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit chain head only advances one event at a time: this % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "audit_chain_head_guard"
  BEFORE INSERT OR UPDATE ON "audit_chain_head"
  FOR EACH ROW EXECUTE FUNCTION audit_chain_head_guard();

CREATE TRIGGER "audit_chain_head_no_delete"
  BEFORE DELETE ON "audit_chain_head"
  FOR EACH ROW EXECUTE FUNCTION audit_reject_change();

CREATE TRIGGER "audit_chain_head_no_truncate"
  BEFORE TRUNCATE ON "audit_chain_head"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_reject_change();
