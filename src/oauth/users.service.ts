import { HttpStatus, Injectable } from '@nestjs/common';
import { AuditActor, AuditEventTypes } from '../audit/audit-event';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/clock/clock';
import { ApiError } from '../common/http/api-error';
import { normalizeEmail } from '../common/validation/email';
import { PrismaService } from '../database/prisma.service';
import { PrismaTx, withinTransaction } from '../database/prisma-transaction';
import { User, UserRole } from '../generated/prisma/client';
import { AddUserDto } from './dto/add-user.dto';
import { UserRefDto } from './dto/user-ref.dto';
import { OrganizationsService } from './organizations.service';

@Injectable()
export class UsersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly organizations: OrganizationsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** `tx`: write within the caller's transaction (the demo seed). A taken e-mail is 409 (global mapping). */
  async add(input: AddUserDto, actor: AuditActor, tx?: PrismaTx): Promise<User> {
    const organization = await this.organizations.bySlug(input.org, tx);
    return await withinTransaction(this.prisma, tx, async (tx) => {
      const user = await tx.user.create({
        data: {
          organizationId: organization.id,
          email: input.email,
          name: input.name,
          roles: input.roles ?? [UserRole.buyer],
        },
      });
      await this.audit.append(tx, {
        organizationId: organization.id,
        type: AuditEventTypes.userAdded,
        actor,
        payload: { user: userPayload(user), roles: user.roles },
      });
      return user;
    });
  }

  /** The user `email` of organization `org`, or 404 not_found. */
  async byRef(input: UserRefDto): Promise<User> {
    const organization = await this.organizations.bySlug(input.org);
    const user = await this.prisma.user.findUnique({
      where: { organizationId_email: { organizationId: organization.id, email: input.email } },
    });
    if (!user)
      throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No user ${input.email} in "${input.org}".`);
    return user;
  }

  /** Disables a user, revokes their tokens and ends their console sessions, effective on their next call. */
  async disable(input: UserRefDto, actor: AuditActor): Promise<User> {
    const user = await this.byRef(input);
    if (user.disabledAt) return user;
    const now = this.clock.now();
    return this.prisma.$transaction(async (tx) => {
      // Only an enabled user is disabled, so two concurrent calls record one event.
      // accessChangedAt ends the user's console sessions for good (the console compares it).
      const { count } = await tx.user.updateMany({
        where: { id: user.id, disabledAt: null },
        data: { disabledAt: now, accessChangedAt: now },
      });
      const disabled = await tx.user.findUniqueOrThrow({ where: { id: user.id } });
      if (count === 0) return disabled;
      const tokens = await tx.accessToken.updateMany({
        where: { userId: user.id, revokedAt: null },
        data: { revokedAt: now },
      });
      await this.audit.append(tx, {
        organizationId: user.organizationId,
        type: AuditEventTypes.userDisabled,
        actor,
        payload: { user: userPayload(user), tokensRevoked: tokens.count },
      });
      return disabled;
    });
  }

  /**
   * Enables a disabled user again. Tokens revoked when they were disabled stay revoked: the user (their
   * procurement system) requests new ones.
   */
  async enable(input: UserRefDto, actor: AuditActor): Promise<User> {
    const user = await this.byRef(input);
    if (!user.disabledAt) return user;
    return this.prisma.$transaction(async (tx) => {
      // Only a disabled user is enabled, so two concurrent calls record one event.
      const { count } = await tx.user.updateMany({
        where: { id: user.id, disabledAt: { not: null } },
        data: { disabledAt: null },
      });
      const enabled = await tx.user.findUniqueOrThrow({ where: { id: user.id } });
      if (count === 0) return enabled;
      await this.audit.append(tx, {
        organizationId: user.organizationId,
        type: AuditEventTypes.userEnabled,
        actor,
        payload: { user: userPayload(user), disabledSince: user.disabledAt?.toISOString() ?? null },
      });
      return enabled;
    });
  }

  /**
   * Replaces a user's roles; records the change (from, to) unless nothing changes. Losing the role
   * auditor ends the user's console sessions.
   */
  async setRoles(input: UserRefDto, roles: UserRole[], actor: AuditActor): Promise<User> {
    const user = await this.byRef(input);
    const to = [...new Set(roles)].sort();
    const from = [...user.roles].sort();
    if (from.join() === to.join()) return user;
    return this.prisma.$transaction(async (tx) => {
      // Taking a role away ends the user's console sessions for good (the console compares the time).
      const lost = from.some((role) => !to.includes(role as UserRole));
      const changed = await tx.user.update({
        where: { id: user.id },
        data: { roles: to, ...(lost ? { accessChangedAt: this.clock.now() } : {}) },
      });
      await this.audit.append(tx, {
        organizationId: user.organizationId,
        type: AuditEventTypes.userRoleChanged,
        actor,
        payload: { user: userPayload(user), from, to },
      });
      return changed;
    });
  }

  /**
   * The user a punchout entry names by e-mail (the OCI call-up's EMAIL) in the client's organization:
   * active, disabled, or unknown. The e-mail is normalized as everywhere else.
   */
  async punchoutBuyer(
    organizationId: string,
    email: string,
  ): Promise<{ kind: 'active'; user: { id: string } } | { kind: 'disabled' } | { kind: 'unknown' }> {
    const normalized = normalizeEmail(email);
    if (normalized === '' || normalized.length > 320) return { kind: 'unknown' };
    // Hand-written on the pool (every punchout entry's hot path): one round trip, no query compilation.
    const { rows } = await this.prisma.pool.query<{ id: string; disabled: boolean }>({
      name: 'punchout-buyer',
      text: `SELECT id, disabled_at IS NOT NULL AS disabled FROM "user" WHERE organization_id = $1::uuid AND email = $2`,
      values: [organizationId, normalized],
    });
    const user = rows[0];
    if (!user) return { kind: 'unknown' };
    return user.disabled ? { kind: 'disabled' } : { kind: 'active', user: { id: user.id } };
  }

  async list(org: string): Promise<User[]> {
    const organization = await this.organizations.bySlug(org);
    return this.prisma.user.findMany({
      where: { organizationId: organization.id },
      orderBy: { email: 'asc' },
    });
  }
}

/** How audit events name a user. */
export function userPayload(user: Pick<User, 'id' | 'email'>): { id: string; email: string } {
  return { id: user.id, email: user.email };
}
