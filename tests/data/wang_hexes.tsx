<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="wang_hexes" tilewidth="28" tileheight="32" tilecount="4" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <image source="art/hex_sand_01.png" width="28" height="32"/>
 </tile>
 <tile id="1">
  <image source="art/hex_water_03.png" width="28" height="32"/>
 </tile>
 <tile id="2">
  <image source="art/hex_shore_02.png" width="28" height="32"/>
 </tile>
 <tile id="3">
  <image source="art/hex_rock.png" width="28" height="32"/>
 </tile>
 <wangsets>
  <wangset name="Ground" type="corner" tile="-1">
   <wangcolor name="Sand" color="#ffff00" tile="-1" probability="1"/>
   <wangcolor name="Water" color="#0000ff" tile="-1" probability="1"/>
   <wangtile tileid="0" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="1" wangid="0,2,0,2,0,2,0,2"/>
   <wangtile tileid="2" wangid="0,2,0,2,0,1,0,2"/>
  </wangset>
 </wangsets>
</tileset>
