import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DockerfileParser, Instruction } from 'dockerfile-ast';

// Docker has no engine on the machines that run this suite, so the Dockerfile is checked by reading
// it: the `offline` target, and every stage it builds on, must not fetch anything, so that
// `docker build --network=none --target offline` works by construction.

const ROOT = join(__dirname, '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

interface Stage {
  name: string | undefined;
  image: string;
  instructions: Instruction[];
}

function stagesOf(dockerfile: string): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of DockerfileParser.parse(dockerfile).getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const args = instruction.getArguments().map((arg) => arg.getValue());
      const as = args.findIndex((arg) => arg.toLowerCase() === 'as');
      stages.push({ name: as >= 0 ? args[as + 1] : undefined, image: args[0], instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

const FETCHING_COMMAND =
  /\b(curl|wget|apt-get|apt|aptitude|apk|dnf|yum|microdnf|zypper|npm|npx|yarn|pnpm|bun|pip3?|git|gem|go\s+(get|install)|docker)\b/;
const REMOTE_SOURCE = /^(https?:\/\/|git@|ssh:\/\/|git:\/\/)/;

function flagOf(instruction: Instruction, name: string): string | undefined {
  const flags = (
    instruction as unknown as { getFlags?: () => Array<{ getName(): string; getValue(): string | null }> }
  ).getFlags?.();
  return flags?.find((flag) => flag.getName() === name)?.getValue() ?? undefined;
}

/** Every step of `target` and of the stages it builds on that would reach the network, with its stage. */
function fetchingSteps(dockerfile: string, target: string): { stages: string[]; steps: string[] } {
  const stages = stagesOf(dockerfile);
  const byName = new Map(stages.filter((stage) => stage.name).map((stage) => [stage.name as string, stage]));
  const steps: string[] = [];
  const seen: string[] = [];
  const visit = (name: string) => {
    const stage = byName.get(name);
    if (!stage) throw new Error(`no stage ${name}`);
    if (seen.includes(name)) return;
    seen.push(name);
    if (byName.has(stage.image)) visit(stage.image);
    for (const instruction of stage.instructions) {
      const keyword = instruction.getKeyword();
      const text = `${name}: ${keyword} ${instruction.getArgumentsContent() ?? ''}`;
      const from = flagOf(instruction, 'from');
      if (from !== undefined) {
        if (byName.has(from)) visit(from);
        else steps.push(`${text} (copies from an image, which is pulled)`);
      }
      if (keyword === 'RUN') {
        const network = flagOf(instruction, 'network');
        if (network !== undefined && network !== 'none') steps.push(`${text} (--network=${network})`);
        if (FETCHING_COMMAND.test(instruction.getArgumentsContent() ?? '')) steps.push(text);
      }
      if (keyword === 'ADD' && instruction.getArguments().some((arg) => REMOTE_SOURCE.test(arg.getValue()))) {
        steps.push(text);
      }
    }
  };
  visit(target);
  return { stages: seen, steps };
}

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const version = (JSON.parse(read('package.json')) as { version: string }).version;

  it('the offline target fetches nothing, and builds on none of the stages that do', () => {
    const { stages, steps } = fetchingSteps(dockerfile, 'offline');
    expect(steps).toEqual([]);
    expect(stages).toContain('base');
    expect(stages).not.toContain('bundle');
  });

  it('the check finds fetching steps where there are some: the default image builds the bundle with npm', () => {
    expect(fetchingSteps(dockerfile, 'runtime').steps).toEqual(
      expect.arrayContaining([expect.stringMatching(/^bundle: RUN npm ci/)]),
    );
    const sample = [
      'FROM debian AS one',
      'RUN apt-get update \\',
      '  && true',
      'ADD https://example.com/x.tgz /x',
      'FROM one AS two',
      'RUN --network=host true',
      'COPY --from=alpine:3 /bin/sh /sh',
    ].join('\n');
    expect(fetchingSteps(sample, 'two').steps).toEqual([
      expect.stringMatching(/^one: RUN apt-get update/),
      expect.stringMatching(/^one: ADD https:/),
      expect.stringMatching(/^two: RUN .*--network=host/),
      expect.stringMatching(/^two: COPY .*pulled/),
    ]);
  });

  it('the offline target unpacks the archive `npm run release` writes, for this version by default', () => {
    expect(dockerfile).toContain(`ARG GATEWAY_VERSION=${version}`);
    expect(dockerfile).toMatch(/^ADD release\/gateway-\$\{GATEWAY_VERSION\}-linux-x64\.tar\.gz \/$/m);
    expect(read('scripts/release.js')).toContain('`gateway-${manifest.version}-${PLATFORM}-${ARCH}`');
    // The build context keeps the archives (and only them) from release/.
    expect(read('.dockerignore').split('\n')).toEqual(
      expect.arrayContaining(['release/*', '!release/*.tar.gz']),
    );
  });

  it('both images run the bundle as a non-root user, and build it on the supported Node', () => {
    const stages = stagesOf(dockerfile);
    for (const target of ['offline', 'runtime']) {
      const stage = stages.find((candidate) => candidate.name === target) as Stage;
      expect(stage.image).toBe('base');
      const user = stage.instructions.filter((instruction) => instruction.getKeyword() === 'USER').at(-1);
      expect(user?.getArgumentsContent()).toBe('gateway');
    }
    const nodeMajor = read('.nvmrc').trim().split('.')[0];
    expect(stages.find((stage) => stage.name === 'bundle')?.image).toMatch(
      new RegExp(`^node:${nodeMajor}[.-]`),
    );
  });
});
