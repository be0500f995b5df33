<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="biomes" tilewidth="32" tileheight="28" tilecount="5" columns="5">
 <image source="biomes.png" width="160" height="28"/>
 <tile id="0" type="Grass"/>
 <tile id="1" class="Mountain">
  <properties>
   <property name="available" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="Biome" value="Ocean"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="type" value="Volcano"/>
  </properties>
 </tile>
 <tile id="4" class="Tree"/>
</tileset>
