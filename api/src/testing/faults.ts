import { sql } from "drizzle-orm";
import type { AppContext } from "../context";

/**
 * Makes the database refuse to delete the team named `teamName` (a BEFORE DELETE trigger that
 * raises), so a test can prove a deletion is one transaction: everything written before the
 * refused DELETE must be rolled back. Returns the function that removes the trigger.
 */
export async function refuseTeamDeletion(ctx: AppContext, teamName: string): Promise<() => Promise<void>> {
  const literal = teamName.replace(/'/g, "''");
  await ctx.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION pw_test_refuse_team_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: team deletion refused'; END $$`),
  );
  await ctx.db.execute(
    sql.raw(`CREATE TRIGGER pw_test_refuse_team_delete BEFORE DELETE ON teams FOR EACH ROW
      WHEN (OLD.name = '${literal}') EXECUTE FUNCTION pw_test_refuse_team_delete()`),
  );
  return async () => {
    await ctx.db.execute(sql.raw("DROP TRIGGER IF EXISTS pw_test_refuse_team_delete ON teams"));
    await ctx.db.execute(sql.raw("DROP FUNCTION IF EXISTS pw_test_refuse_team_delete()"));
  };
}
