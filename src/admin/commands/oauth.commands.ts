import { CommandGroup, EMAIL_OPTION, option, ORG_OPTION } from '../cli-command';

const handlers = () => import('./oauth.handlers');
const ROLE_OPTION = option.list('<role>', 'buyer, admin or auditor (repeat for several)');

/** Organizations, clients, users and their tokens: the OAuth feature's operator commands. */
export const OAUTH_COMMANDS: CommandGroup = {
  title: 'Organizations and access',
  commands: [
    {
      name: 'org create',
      summary: 'creates an organization',
      usage: '<slug> --name <name>',
      options: { name: option.string('<name>', 'the organization\'s display name, e.g. "ACME Corp"') },
      details: ['<slug> is its short name in commands and URLs: lower-case letters, digits, dashes.'],
      handler: async () => (await handlers()).orgCreate,
    },
    {
      name: 'org list',
      summary: 'lists the organizations',
      usage: '',
      options: {},
      handler: async () => (await handlers()).orgList,
    },
    {
      name: 'client create',
      summary: 'creates an OAuth client and prints its secret (shown once)',
      usage: '--org <slug> [--name <name>] [--callback-origin <origin>]...',
      options: {
        org: ORG_OPTION,
        name: option.string('<name>', 'a name for the client, e.g. "SAP SRM"'),
        'callback-origin': option.list('<origin>', 'where punchout carts may be sent: https://host[:port]'),
      },
      handler: async () => (await handlers()).clientCreate,
    },
    {
      name: 'client list',
      summary: "lists an organization's clients",
      usage: '--org <slug>',
      options: { org: ORG_OPTION },
      handler: async () => (await handlers()).clientList,
    },
    {
      name: 'client revoke',
      summary: 'revokes a client and all its tokens',
      usage: '<clientId>',
      options: {},
      handler: async () => (await handlers()).clientRevoke,
    },
    {
      name: 'client rotate-secret',
      summary: 'gives a client a new secret (the old one stops working after --grace)',
      usage: '<clientId> [--grace <duration>]',
      options: {
        grace: option.string(
          '<duration>',
          'how long the old secret keeps working: 0 (default), 90s, 30m, 12h, 7d',
        ),
      },
      details: [
        'Prints the new secret once. Tokens already issued stay valid until they expire.',
        'With a grace period the procurement system can switch over without a failed call.',
      ],
      handler: async () => (await handlers()).clientRotateSecret,
    },
    {
      name: 'client punchout-secret',
      summary: "creates (or replaces) a client's punchout secret and prints it (shown once)",
      usage: '<clientId>',
      options: {},
      details: [
        "The punchout secret is the PASSWORD of the OCI call-up URL that SAP stores and opens in the buyer's browser. It opens punchout sessions only: it never obtains an API token, and the API secret never opens a call-up. A new one replaces the old one at once.",
      ],
      handler: async () => (await handlers()).clientPunchoutSecret,
    },
    {
      name: 'client origins',
      summary: "lists or changes where a client's punchout carts may be sent",
      usage: '<clientId> [--add <origin>]... [--remove <origin>]... [--list]',
      options: {
        add: option.list('<origin>', 'allow a callback origin: https://host[:port]'),
        remove: option.list('<origin>', 'no longer allow a callback origin'),
        list: option.flag('print the origins (the default without --add or --remove)'),
      },
      details: [
        'The origins apply to the REST callbackUrl and the OCI call-up HOOK_URL alike; with none, any origin is allowed. Sessions already started keep their HOOK_URL.',
      ],
      handler: async () => (await handlers()).clientOrigins,
    },
    {
      name: 'client punchout-settings',
      summary: "shows or changes a client's punchout settings (how cXML carts are posted)",
      usage: '<clientId> [--cxml-encoding urlencoded|base64]',
      options: {
        'cxml-encoding': option.string(
          'urlencoded|base64',
          'the form field cXML order messages travel in: cxml-urlencoded (default) or cxml-base64',
        ),
      },
      details: [
        'Ariba prefers cxml-base64 (non-ASCII text survives any charset); Coupa and most others read cxml-urlencoded. Applies to the next transfer, cancel or expiry of sessions started after it.',
      ],
      handler: async () => (await handlers()).clientPunchoutSettings,
    },
    {
      name: 'user add',
      summary: 'adds a user to an organization',
      usage: '--org <slug> --email <email> [--name <name>] [--role buyer|admin|auditor]...',
      options: {
        org: ORG_OPTION,
        email: EMAIL_OPTION,
        name: option.string('<name>', "the user's name"),
        role: ROLE_OPTION,
      },
      details: ['Without --role the user is a buyer.'],
      handler: async () => (await handlers()).userAdd,
    },
    {
      name: 'user list',
      summary: "lists an organization's users",
      usage: '--org <slug>',
      options: { org: ORG_OPTION },
      handler: async () => (await handlers()).userList,
    },
    {
      name: 'user disable',
      summary: 'disables a user and revokes their tokens',
      usage: '--org <slug> --email <email>',
      options: { org: ORG_OPTION, email: EMAIL_OPTION },
      handler: async () => (await handlers()).userDisable,
    },
    {
      name: 'user enable',
      summary: 'enables a disabled user again',
      usage: '--org <slug> --email <email>',
      options: { org: ORG_OPTION, email: EMAIL_OPTION },
      details: ['Tokens revoked when the user was disabled stay revoked: the user requests new ones.'],
      handler: async () => (await handlers()).userEnable,
    },
    {
      name: 'user roles',
      summary: "replaces a user's roles",
      usage: '--org <slug> --email <email> --role buyer|admin|auditor [--role ...]',
      options: { org: ORG_OPTION, email: EMAIL_OPTION, role: ROLE_OPTION },
      handler: async () => (await handlers()).userRoles,
    },
    {
      name: 'token revoke-user',
      summary: "revokes a user's live tokens (the user stays enabled)",
      usage: '--org <slug> --email <email>',
      options: { org: ORG_OPTION, email: EMAIL_OPTION },
      handler: async () => (await handlers()).tokenRevokeUser,
    },
  ],
};
