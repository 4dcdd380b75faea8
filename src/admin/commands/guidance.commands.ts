import { GUIDANCE_EFFECTS, GUIDANCE_MATCHERS } from '../../guidance/guidance-rule';
import { CommandGroup, option, ORG_OPTION } from '../cli-command';

const handlers = () => import('./guidance.handlers');

const MATCHER_HELP = GUIDANCE_MATCHERS.map((name) =>
  name === 'category' ? 'category (with its subtree)' : name,
).join(', ');
const EFFECTS = GUIDANCE_EFFECTS.join('|');

/** An organization's buying guidance rules: the guidance feature's operator commands. */
export const GUIDANCE_COMMANDS: CommandGroup = {
  title: 'Buying guidance',
  commands: [
    {
      name: 'guidance add',
      summary: 'adds a preferred or blocked rule',
      usage: `--org <slug> --effect ${EFFECTS} --matcher <matcher> --value <value> [--currency <ISO 4217>] [--note <text>]`,
      options: {
        org: ORG_OPTION,
        effect: option.string(EFFECTS, 'what the rule does; blocked beats preferred'),
        matcher: option.string('<matcher>', MATCHER_HELP),
        value: option.string('<value>', 'what it matches, e.g. a vendor name or a category id'),
        currency: option.string('<ISO 4217>', 'the currency of a price_above value, e.g. EUR'),
        note: option.string('<text>', 'why: shown to buyers beside the flag'),
      },
      details: ['Category ids for --matcher category: gateway catalog categories'],
      handler: async () => (await handlers()).guidanceAdd,
    },
    {
      name: 'guidance list',
      summary: 'lists the active rules (with --all also disabled ones)',
      usage: '--org <slug> [--all]',
      options: { org: ORG_OPTION, all: option.flag('also the disabled rules') },
      handler: async () => (await handlers()).guidanceList,
    },
    {
      name: 'guidance remove',
      summary: 'disables a rule (it stays in the history)',
      usage: '--org <slug> <ruleId>',
      options: { org: ORG_OPTION },
      handler: async () => (await handlers()).guidanceRemove,
    },
  ],
};
