/**
 * The part of `negotiator` 1.x this server uses. (@types/negotiator describes 0.6, without the
 * `preferred` option that breaks ties between codings a client rates alike.)
 */
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available?: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
