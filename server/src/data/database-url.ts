/** Where the data lives, read from `DATABASE_URL`: `mysql://user:pass@host:port/db`, `sqlite:PATH` or `sqlite::memory:`. */
export type Dialect = 'mysql' | 'sqlite';

export type DatabaseLocation =
  | { dialect: 'mysql'; host: string; port: number; user: string; password: string; database: string }
  | { dialect: 'sqlite'; file: string };

/** `variable` names the setting in the messages (DATABASE_URL, or DATABASE_READ_URL for the replica). */
export function parseDatabaseUrl(url: string, variable = 'DATABASE_URL'): DatabaseLocation {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (file === '') throw new Error(`${variable}: sqlite: needs a file path (sqlite:./data/studio-data.sqlite) or :memory:`);
    return { dialect: 'sqlite', file };
  }
  if (url.startsWith('mysql://') || url.startsWith('mariadb://')) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`${variable}: not a valid mysql://user:pass@host:port/database URL`);
    }
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    if (!/^[A-Za-z0-9_$]{1,64}$/.test(database)) throw new Error(`${variable}: name the database, as in mysql://root@127.0.0.1:3306/studio_data`);
    return {
      dialect: 'mysql',
      host: parsed.hostname || '127.0.0.1',
      port: parsed.port ? Number(parsed.port) : 3306,
      user: decodeURIComponent(parsed.username || 'root'),
      password: decodeURIComponent(parsed.password),
      database,
    };
  }
  throw new Error(`${variable}: expected mysql://user:pass@host:port/database, sqlite:PATH or sqlite::memory:`);
}
