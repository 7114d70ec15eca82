import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ServiceKitModule } from '@windward/service-kit';
import { IdentityInitial1763700000100 } from './migrations/1763700000100-identity-initial.js';
import { IdentityAccess1763700000110 } from './migrations/1763700000110-identity-access.js';
import { User } from './users/user.entity.js';
import { Customer } from './customers/customer.entity.js';
import { ParkRef } from './customers/park-ref.entity.js';
import { Organization } from './organizations/organization.entity.js';
import { RefreshToken } from './oauth/refresh-token.entity.js';
import { SigningKey } from './oauth/signing-key.entity.js';
import { UsageLog } from './usage-logs/usage-log.entity.js';
import { OAuthController } from './oauth/oauth.controller.js';
import { OAuthService } from './oauth/oauth.service.js';
import { PasswordStrategy } from './oauth/password.strategy.js';
import { OidcStrategy } from './oauth/sso.strategy.js';
import { LoginFailureRepository } from './oauth/login-failure.repository.js';
import { CustomerRepository } from './customers/customer.repository.js';
import { SigningKeysService } from './oauth/signing-keys.service.js';
import { SsoController } from './oauth/sso.controller.js';
import { SsoService } from './oauth/sso.service.js';
import { AccountController } from './accounts/account.controller.js';
import { AccountService } from './accounts/account.service.js';
import { CustomersController } from './customers/customers.controller.js';
import { CustomersService } from './customers/customers.service.js';
import { ParkRefConsumer } from './customers/park-ref.consumer.js';
import { OrganizationsController } from './organizations/organizations.controller.js';
import { OrganizationsService } from './organizations/organizations.service.js';
import { UsersController } from './users/users.controller.js';
import { UsersService } from './users/users.service.js';
import { UserAccountsService } from './users/user-accounts.service.js';
import { UsageLogsController } from './usage-logs/usage-logs.controller.js';
import { UsageLogsService } from './usage-logs/usage-logs.service.js';
import { SeedService } from './seed/seed.service.js';
import { MachineClient } from './machine-clients/machine-client.entity.js';
import { MachineClientsController } from './machine-clients/machine-clients.controller.js';
import { MachineClientsService } from './machine-clients/machine-clients.service.js';
import { IdentityMachineClients1764151000000 } from './migrations/1764151000000-identity-machine-clients.js';
import { IdentityLicence1764160000000 } from './migrations/1764160000000-identity-licence.js';
import { IdentityAccessVersion1764500000000 } from './migrations/1764500000000-identity-access-version.js';
import { IdentitySigningKeyEncrypted1764400003000 } from './migrations/1764400003000-identity-signing-key-encrypted.js';
import { Licence } from './licence/licence.entity.js';
import { LicenceController } from './licence/licence.controller.js';
import { LicenceService } from './licence/licence.service.js';

const entities = [User, Customer, ParkRef, Organization, RefreshToken, SigningKey, UsageLog, MachineClient, Licence];

@Module({
  imports: [
    ServiceKitModule.forService({
      service: 'identity',
      entities,
      migrations: [IdentityInitial1763700000100, IdentityAccess1763700000110, IdentityMachineClients1764151000000, IdentityLicence1764160000000, IdentitySigningKeyEncrypted1764400003000, IdentityAccessVersion1764500000000],
      localKeys: true,
    }),
    TypeOrmModule.forFeature(entities),
  ],
  controllers: [
    OAuthController,
    SsoController,
    AccountController,
    CustomersController,
    OrganizationsController,
    UsersController,
    UsageLogsController,
    MachineClientsController,
    LicenceController,
    ParkRefConsumer,
  ],
  providers: [
    OAuthService,
    PasswordStrategy,
    OidcStrategy,
    LoginFailureRepository,
    CustomerRepository,
    SigningKeysService,
    SsoService,
    AccountService,
    CustomersService,
    OrganizationsService,
    UsersService,
    UserAccountsService,
    UsageLogsService,
    SeedService,
    MachineClientsService,
    LicenceService,
  ],
})
export class AppModule {}
