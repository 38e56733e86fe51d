-- A kid's time zone is the parent's (the parent's profile changes both); kids whose parent moved before that take it now.
UPDATE "users" AS "kid" SET "timezone" = "parent"."timezone" FROM "users" AS "parent" WHERE "kid"."parent_id" = "parent"."id" AND "kid"."timezone" <> "parent"."timezone";
