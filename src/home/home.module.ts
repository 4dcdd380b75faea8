import { Module } from '@nestjs/common';
import { PageLanguageGuard } from '../web/page-area.guard';
import { HomePageArea } from './home-page.area';
import { HomeController } from './home.controller';

/** The front door page at `/`. */
@Module({ controllers: [HomeController], providers: [HomePageArea, PageLanguageGuard] })
export class HomeModule {}
