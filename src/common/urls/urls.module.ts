import { Global, Module } from '@nestjs/common';
import { Urls } from './urls';

@Global()
@Module({ providers: [Urls], exports: [Urls] })
export class UrlsModule {}
