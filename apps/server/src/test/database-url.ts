/** Each run migrates its own template database, so runs on one PostgreSQL server never collide. */
export const templateDbName = (runId: string) => `parley_test_template_${runId}`;

export function databaseUrlWithName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
