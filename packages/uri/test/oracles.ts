// Oracles and helpers the tests share (the tests of @x/resolve use them too).
import type { UriComponents } from '../src/index';

/** The loop of RFC 3986 §5.2.4 transcribed literally, string buffers and all: the oracle for the scanner. */
export function removeDotSegmentsLiteral(path: string): string {
  let input = path;
  let output = '';
  const dropLast = (): void => {
    output = output.slice(0, Math.max(0, output.lastIndexOf('/')));
  };
  while (input.length > 0) {
    if (input.startsWith('../')) input = input.slice(3);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../')) {
      input = input.slice(3);
      dropLast();
    } else if (input === '/..') {
      input = '/';
      dropLast();
    } else if (input === '.' || input === '..') input = '';
    else {
      let j = input.indexOf('/', 1);
      if (j < 0) j = input.length;
      output += input.slice(0, j);
      input = input.slice(j);
    }
  }
  return output;
}

/** A vector's components (`null` for absent) as `parse` returns them (`undefined` for absent). */
export function componentsOf(c: {
  scheme: string | null;
  userinfo: string | null;
  host: string | null;
  port: string | null;
  path: string;
  query: string | null;
  fragment: string | null;
}): UriComponents {
  const u = (v: string | null): string | undefined => (v === null ? undefined : v);
  return {
    scheme: u(c.scheme),
    userinfo: u(c.userinfo),
    host: u(c.host),
    port: u(c.port),
    path: c.path,
    query: u(c.query),
    fragment: u(c.fragment),
  };
}
