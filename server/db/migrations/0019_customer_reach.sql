-- Every set made before the reach existed keeps reaching every customer (docs/DECISIONS.md): a trainer set made from
-- the preset then is narrowed only when the representative picks the preset again or ticks the box, so no one
-- loses customers silently.
ALTER TABLE "gym_auth" ADD COLUMN "assigned_only_yn" boolean DEFAULT false NOT NULL;
