import { UserRole } from '../generated/prisma/enums';

/** Who is calling: the user a bearer token was issued for, through which client. */
export interface Principal {
  userId: string;
  email: string;
  organizationId: string;
  /** Database id of the OAuth client (OAuthClient.id). */
  clientId: string;
  /** The client's public client_id. */
  clientPublicId: string;
  roles: UserRole[];
  /** Database id of the access token (AccessToken.id), for revocation and audit. */
  tokenId: string;
}
