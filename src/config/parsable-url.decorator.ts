import { ValidateBy, ValidationOptions } from 'class-validator';

/** What to do when a URL does not parse: its password is the usual culprit (`openssl rand -base64`). */
const FIX =
  'percent-encode reserved characters in the user name and password (/ as %2F, + as %2B, = as %3D, ' +
  '@ as %40, : as %3A, # as %23), or use a URL-safe password such as one from `openssl rand -hex 24`';

/**
 * The variable is a URL that the drivers can read (or, with `list`, comma-separated URLs each of
 * which they can read). A scheme check (`@Matches`) alone lets `postgres://u:a/b@db/x` through,
 * and the driver then dies at start-up with "TypeError: Invalid URL" and a stack trace.
 */
export function IsParsableUrl(
  options: { list?: boolean } = {},
  validation?: ValidationOptions,
): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isParsableUrl',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          // The WHATWG URL parser: the one pg, ioredis and fetch read these URLs with.
          (options.list ? value.split(',').map((item) => item.trim()) : [value]).every((url) =>
            URL.canParse(url),
          ),
        defaultMessage: () => `${options.list ? 'one of them is' : 'is'} not a valid URL: ${FIX}`,
      },
    },
    validation,
  );
}
