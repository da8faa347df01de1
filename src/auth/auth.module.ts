import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminBootstrap } from './admin-bootstrap';
import { AuthService } from './auth.service';
import { ApplicationPasswordEntity } from './entities/application-password.entity';
import { UserEntity } from './entities/user.entity';
import { LoginRateLimiter } from './login-rate-limiter';
import { PasswordLookup } from './password-lookup';
import { UsersService } from './users.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, ApplicationPasswordEntity])],
  providers: [AuthService, UsersService, LoginRateLimiter, PasswordLookup, AdminBootstrap],
  exports: [AuthService, UsersService, LoginRateLimiter],
})
export class AuthModule {}
