-- When a user last lost access (disabled, or a role taken away). A console session opened before it
-- is over for good, whatever the user's state when its cookie comes back: re-enabling the user or
-- giving the role back revives nothing. The users service sets it; the console reads it.
ALTER TABLE "user" ADD COLUMN "access_changed_at" TIMESTAMPTZ(3);
