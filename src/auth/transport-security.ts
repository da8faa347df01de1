import { isIP } from 'node:net';

/** What the decision needs of a request: Express's `protocol` and `ip`, which honour X-Forwarded-* only from TRUST_PROXY proxies. */
export interface TransportFacts {
  readonly protocol: string;
  /** The client: the socket's peer, or with TRUST_PROXY the address the trusted proxies forwarded. */
  readonly ip: string | undefined;
}

/**
 * Whether Basic credentials on this request must be refused because they crossed a network in
 * clear text (issue #12): not HTTPS (directly, or at a trusted proxy that says so with
 * X-Forwarded-Proto) and not from this machine. ALLOW_INSECURE_AUTH=true turns the check off.
 */
export function refusesCredentials(request: TransportFacts, allowInsecure: boolean): boolean {
  if (allowInsecure || request.protocol === 'https') return false;
  return !isLoopback(request.ip);
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const unmapped = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (isIP(unmapped) === 4) return unmapped.startsWith('127.');
  return isIP(unmapped) === 6 && /^(0{0,4}:){2,7}0{0,3}1$|^::1$/.test(unmapped);
}
